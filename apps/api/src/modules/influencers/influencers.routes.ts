import { errorBodySchema } from '@comped/shared/error-codes';
import { MSG } from '@comped/shared/messages';
import { MEDIA_TYPES } from '@comped/shared/roles';
import { dataOf } from '@comped/shared/schemas/envelopes';
import { imageUploadBody } from '@comped/shared/schemas/multipart';
import { mediaProfileResourceSchema } from '@comped/shared/schemas/resources';
import { dbId } from '@comped/shared/validation/fields';
import { mediaProfileSchema } from '@comped/shared/validation/media-profile';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { appError, parseOr422 } from '../../lib/app-error';
import { assertSelf, currentUser, requireAuth } from '../../plugins/auth';
import { assertMediaAccount } from './influencers.policy';
import { pictureKey, processPicture } from './picture';
import { readProfile } from './read-profile';
import { replacePicture } from './replace-picture';
import { updateProfile } from './update-profile';

const params = z.object({ id: dbId() });
const profileAnswer = dataOf(mediaProfileResourceSchema);
/** Media profiles (spec section 7: GET, PUT influencers/{id}; POST influencers/{id}/picture). */
export async function influencersRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['influencers'];

  r.get(
    '/influencers/:id',
    {
      schema: {
        params,
        tags,
        summary: 'A media profile: full for the user, public for a brand they booked',
        response: { 200: profileAnswer },
      },
      onRequest: requireAuth(),
    },
    async (request) => ({ data: await readProfile(app.ctx, currentUser(request), request.params.id) }),
  );

  r.put(
    '/influencers/:id',
    {
      schema: {
        params,
        body: mediaProfileSchema,
        tags,
        summary: 'The media user updates their profile',
        response: { 200: profileAnswer },
      },
      onRequest: requireAuth(MEDIA_TYPES),
    },
    async (request) => {
      const user = assertSelf(request, request.params.id);
      assertMediaAccount(user);
      // The journalist's affiliation rule follows the account's type, never the body's.
      const values = parseOr422(mediaProfileSchema, { ...request.body, type: user.role });
      return { data: await updateProfile(app.ctx, user.id, values) };
    },
  );

  r.post(
    '/influencers/:id/picture',
    {
      schema: {
        params,
        tags,
        summary: 'The media user uploads a profile picture (multipart `file`)',
        multipartBody: imageUploadBody,
        // An unreadable multipart body is 400 and a file over the limit 413 (plugins/errors.ts).
        response: { 200: profileAnswer, 400: errorBodySchema, 413: errorBodySchema },
      },
      onRequest: requireAuth(MEDIA_TYPES),
    },
    async (request) => {
      const user = assertSelf(request, request.params.id);
      if (!request.isMultipart()) throw appError('validation_failed', { field: 'file', message: MSG.fileRequired });
      let buffer: Buffer | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname === 'file' && !buffer) buffer = await part.toBuffer();
            else await part.toBuffer();
          }
        }
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE')
          throw appError('validation_failed', { field: 'file', message: MSG.imageTooLarge });
        throw err;
      }
      if (!buffer || buffer.length === 0)
        throw appError('validation_failed', { field: 'file', message: MSG.fileRequired });
      const picture = await processPicture(buffer, app.ctx.svgRasteriser);
      const key = pictureKey(user.id, picture.ext);
      return {
        data: await replacePicture(app.ctx, user.id, { body: picture.body, key, contentType: picture.contentType }),
      };
    },
  );
}
