import { errorBodySchema } from '@comped/shared/error-codes';
import { MSG } from '@comped/shared/messages';
import { dataOf } from '@comped/shared/schemas/envelopes';
import { imageUploadBody, menuUploadBody, photoUploadBody } from '@comped/shared/schemas/multipart';
import { brandResourceSchema, fileRefSchema } from '@comped/shared/schemas/resources';
import {
  brandFieldClearSchema,
  brandFieldSchema,
  brandGeneralSchema,
  brandSocialNetworksSchema,
  menuDeleteSchema,
  menuUploadSchema,
} from '@comped/shared/validation/brand';
import { dbId } from '@comped/shared/validation/fields';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { appError, zodFieldErrors } from '../../lib/app-error';
import { isPdf } from '../../lib/file-checks';
import { currentUser, requireAuth } from '../../plugins/auth';
import { assertActiveSubscription } from '../subscriptions/subscriptions.policy';
import { addMenu } from './add-menu';
import { addPhoto } from './add-photo';
import { photoById } from './brand-queries';
import { ANY_BRAND_ROLE, assertBrandRole, BRAND_MANAGERS, brandRoles } from './brands.policy';
import { toBrandResource } from './brands.serializer';
import { clearBrandField } from './clear-brand-field';
import { deleteMenu } from './delete-menu';
import { deletePhoto } from './delete-photo';
import { replaceLogo } from './replace-logo';
import { replaceSocialNetworks } from './replace-social-networks';
import { updateBrand } from './update-brand';
import { readUpload } from './uploads';

const idParams = z.object({ id: dbId() });
const tags = ['brands'];
const oneBrand = dataOf(brandResourceSchema);
/** Uploads: 400 when the multipart body cannot be read, 413 when a file is over the limit. */
const uploadErrors = { 400: errorBodySchema, 413: errorBodySchema };

/** Brand profile, social links, logo, menus and photos (spec section 7). Owners only. */
export async function brandsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  // Brand teams: every member reads the brand; owners and managers change it.
  const member = requireAuth('brands');
  const owner = [requireAuth('brands'), brandRoles(BRAND_MANAGERS)];

  /** A write on `brands/{id}`: the signed-in owner's brand, with an active subscription. */
  async function brandForWrite(request: FastifyRequest, brandId: number) {
    const user = currentUser(request);
    const { brand } = await assertBrandRole(ctx.db, user, brandId, BRAND_MANAGERS);
    await assertActiveSubscription(ctx.db, user);
    return brand;
  }

  r.get(
    '/brands/:id',
    {
      schema: {
        params: idParams,
        tags,
        summary: 'The brand with its locations, menus and photos',
        response: { 200: oneBrand },
      },
      onRequest: member,
    },
    async (request) => {
      const { brand } = await assertBrandRole(ctx.db, currentUser(request), request.params.id, ANY_BRAND_ROLE);
      return { data: await toBrandResource(ctx.db, brand) };
    },
  );

  r.patch(
    '/brands/:id',
    {
      schema: {
        params: idParams,
        body: brandGeneralSchema,
        tags,
        summary: 'Update the general info',
        response: { 200: oneBrand },
      },
      onRequest: owner,
    },
    async (request) => {
      const brand = await brandForWrite(request, request.params.id);
      return { data: await updateBrand(ctx, brand.id, request.body) };
    },
  );

  r.put(
    '/brands/:id/field',
    {
      schema: {
        params: idParams,
        body: brandFieldSchema,
        tags,
        summary: 'Set one general field',
        response: { 200: oneBrand },
      },
      onRequest: owner,
    },
    async (request) => {
      const brand = await brandForWrite(request, request.params.id);
      const { field, value } = request.body;
      return { data: await updateBrand(ctx, brand.id, { [field]: value }) };
    },
  );

  r.delete(
    '/brands/:id/field',
    {
      schema: {
        params: idParams,
        body: brandFieldClearSchema,
        tags,
        summary: 'Clear an optional field',
        response: { 200: oneBrand },
      },
      onRequest: owner,
    },
    async (request) => {
      const brand = await brandForWrite(request, request.params.id);
      return { data: await clearBrandField(ctx, app.log, brand, request.body.field) };
    },
  );

  r.put(
    '/brands/socialnetworks/:id',
    {
      schema: {
        params: idParams,
        body: brandSocialNetworksSchema,
        tags,
        summary: 'Replace the social links',
        response: { 200: oneBrand },
      },
      onRequest: owner,
    },
    async (request) => {
      const brand = await brandForWrite(request, request.params.id);
      return { data: await replaceSocialNetworks(ctx, brand.id, request.body.socialnetworks) };
    },
  );

  r.post(
    '/brands/:id/logo',
    {
      schema: {
        params: idParams,
        tags,
        summary: 'Upload the logo (multipart `file`: png, jpeg or svg, up to 10 MB)',
        multipartBody: imageUploadBody,
        response: { 200: oneBrand, ...uploadErrors },
      },
      onRequest: owner,
    },
    async (request) => {
      const brand = await brandForWrite(request, request.params.id);
      const { file } = await readUpload(request, { tooLarge: MSG.imageTooLarge });
      if (!file) throw appError('validation_failed', { field: 'file', message: MSG.fileRequired });
      return { data: await replaceLogo(ctx, app.log, brand, file.buffer) };
    },
  );

  r.post(
    '/brands/:id/menu',
    {
      schema: {
        params: idParams,
        tags,
        summary: 'Upload a menu (multipart `file`: a PDF up to 10 MB, and `name`)',
        multipartBody: menuUploadBody,
        response: { 201: oneBrand, ...uploadErrors },
      },
      onRequest: owner,
    },
    async (request, reply) => {
      const brand = await brandForWrite(request, request.params.id);
      const { fields, file } = await readUpload(request, { tooLarge: MSG.menuTooLarge });
      const parsed = menuUploadSchema.safeParse(fields);
      const errors = parsed.success ? {} : zodFieldErrors(parsed.error.issues);
      if (!file) errors.file = [MSG.fileRequired];
      else if (!isPdf(file.buffer)) errors.file = [MSG.menuNotPdf];
      if (!parsed.success || !file || Object.keys(errors).length > 0)
        throw appError('validation_failed', { errors: errors });
      const data = await addMenu(ctx, app.log, brand.id, { name: parsed.data.name, pdf: file.buffer });
      return reply.code(201).send({ data });
    },
  );

  r.delete(
    '/brands/:id/menu',
    {
      schema: {
        params: idParams,
        body: menuDeleteSchema,
        tags,
        summary: 'Delete a menu by its path',
        response: { 200: oneBrand },
      },
      onRequest: owner,
    },
    async (request) => {
      const brand = await brandForWrite(request, request.params.id);
      return { data: await deleteMenu(ctx, app.log, brand.id, request.body.path) };
    },
  );

  r.post(
    '/photos',
    {
      schema: {
        tags,
        summary:
          'Add a brand photo (multipart `brand_id`, then `file`: png or jpeg up to 10 MB; 5 at most). The brand is checked when `brand_id` arrives, before the file is read; a file part before `brand_id` is a 422.',
        multipartBody: photoUploadBody,
        response: { 201: dataOf(fileRefSchema), ...uploadErrors },
      },
      onRequest: owner,
    },
    async (request, reply) => {
      const user = currentUser(request);
      // The brand is a form field: it is checked when it arrives, before the file part is read.
      let brand: Awaited<ReturnType<typeof brandForWrite>> | undefined;
      const { file } = await readUpload(request, {
        tooLarge: MSG.imageTooLarge,
        authorize: {
          fields: ['brand_id'],
          check: async (fields) => {
            const brandId = dbId().safeParse(fields.brand_id);
            if (!brandId.success) throw appError('validation_failed', { field: 'brand_id', message: MSG.required });
            brand = await brandForWrite(request, brandId.data);
          },
          missing: () => appError('validation_failed', { field: 'brand_id', message: MSG.brandIdBeforeFile }),
        },
      });
      if (!brand) throw appError('validation_failed', { field: 'brand_id', message: MSG.required });
      if (!file) throw appError('validation_failed', { field: 'file', message: MSG.fileRequired });
      const photo = await addPhoto(ctx, app.log, brand.id, file.buffer);
      request.log.info({ userId: user.id, photoId: photo.id }, 'brand photo added');
      return reply.code(201).send({ data: photo });
    },
  );

  r.delete(
    '/photos/:id',
    {
      schema: { params: idParams, tags, summary: 'Delete a brand photo', response: { 204: z.undefined() } },
      onRequest: owner,
    },
    async (request, reply) => {
      const photo = await photoById(ctx.db, request.params.id);
      await brandForWrite(request, photo.brandId);
      await deletePhoto(ctx, app.log, photo);
      return reply.code(204).send();
    },
  );
}
