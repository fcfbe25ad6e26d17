import { errorBodySchema } from '@comped/shared/error-codes';
import { dataOf } from '@comped/shared/schemas/envelopes';
import { campaignCreateBody, campaignUpdateBody } from '@comped/shared/schemas/multipart';
import { campaignResourceSchema } from '@comped/shared/schemas/resources';
import { dbId } from '@comped/shared/validation/fields';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { currentUser, requireAuth } from '../../plugins/auth';
import { BRAND_MANAGERS, brandRoles } from '../brands/brands.policy';
import type { IncomingPhoto } from './campaign-photos';
import type { CampaignSubmission } from './campaign-values';
import { writableBrand } from './campaign-values';
import { assertEditable, ownedCampaign } from './campaigns.policy';
import { createCampaign } from './create-campaign';
import { deleteCampaignPhoto } from './delete-campaign-photo';
import { discardCampaign } from './discard-campaign';
import { getCampaign } from './get-campaign';
import { updateCampaign } from './update-campaign';

const idParams = z.object({ id: dbId() });
const photoParams = z.object({
  id: dbId(),
  photoId: z.string().min(1).max(100),
});

/** Reads a campaign multipart body; a photo over 10 MB is kept as "truncated" so the rule can name it. */
async function readSubmission(request: FastifyRequest): Promise<CampaignSubmission> {
  const fields: Record<string, string[]> = {};
  const photos: IncomingPhoto[] = [];
  if (!request.isMultipart()) {
    // A JSON body (no photos) is accepted too: the same fields, nested values as values.
    const body = (request.body ?? {}) as Record<string, unknown>;
    for (const [k, v] of Object.entries(body)) {
      if (v === undefined || v === null) continue;
      fields[k] = [typeof v === 'string' ? v : JSON.stringify(v)];
    }
    return { fields, photos };
  }
  for await (const part of request.parts({ throwFileSizeLimit: false } as Parameters<FastifyRequest['parts']>[0])) {
    if (part.type === 'file') {
      if (part.fieldname === 'featured_photos[]' || part.fieldname === 'featured_photos') {
        const buffer = await part.toBuffer();
        photos.push({ buffer, truncated: part.file.truncated });
      } else {
        // Another file part is read to its end without being kept.
        for await (const _chunk of part.file) void _chunk;
      }
    } else {
      // A part sent as application/json arrives parsed (@fastify/multipart): back to its JSON text.
      const value: unknown = part.value;
      (fields[part.fieldname] ??= []).push(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
    }
  }
  return { fields, photos };
}

const tags = ['campaigns'];
const oneCampaign = dataOf(campaignResourceSchema);
/** A multipart body that cannot be read (400) or holds too many files (413). */
const uploadErrors = { 400: errorBodySchema, 413: errorBodySchema };
/** 409: the campaign is no longer a draft (in review, approved or expired). */
const notDraft = { 409: errorBodySchema };
const multipartNote =
  'multipart/form-data: scalar fields as plain parts; booking, influencer_instructions, key_players, locations, target, tier_range_influencer, tier_range_journalist as JSON text parts; photos as featured_photos[] file parts.';

/** The brand's campaign wizard: create, save by step, submit for review, discard, photos. */
export async function campaignsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Brand teams: every member reads a campaign; owners and managers write.
  const member = requireAuth('brands');
  const brandOnly = [requireAuth('brands'), brandRoles(BRAND_MANAGERS)];

  r.post(
    '/campaigns',
    {
      schema: {
        tags,
        summary: 'Create a draft campaign',
        description: multipartNote,
        multipartBody: campaignCreateBody,
        response: { 201: oneCampaign, ...uploadErrors },
      },
      onRequest: brandOnly,
    },
    async (request, reply) => {
      const user = currentUser(request);
      // Who may write is known before the body: checked first, so no photo of a refused caller is read.
      await writableBrand(app.ctx, user);
      const submission = await readSubmission(request);
      const data = await createCampaign(app.ctx, user, submission);
      return reply.code(201).send({ data });
    },
  );

  r.get(
    '/campaigns/:id',
    {
      schema: { tags, summary: "A brand's own campaign", params: idParams, response: { 200: oneCampaign } },
      onRequest: member,
    },
    async (request) => {
      const user = currentUser(request);
      return { data: await getCampaign(app.ctx, user, request.params.id) };
    },
  );

  r.post(
    '/campaigns/:id',
    {
      schema: {
        tags,
        summary: 'Save a draft at a step, or submit it for review (status=review)',
        description: multipartNote,
        multipartBody: campaignUpdateBody,
        params: idParams,
        response: { 200: oneCampaign, ...uploadErrors, ...notDraft },
      },
      onRequest: brandOnly,
    },
    async (request) => {
      const user = currentUser(request);
      // Ownership, plan and draft status before the body, as for POST campaigns.
      const campaign = await ownedCampaign(app.ctx.db, user, request.params.id);
      await writableBrand(app.ctx, user);
      assertEditable(campaign);
      const submission = await readSubmission(request);
      return { data: await updateCampaign(app.ctx, user, request.params.id, submission) };
    },
  );

  r.delete(
    '/campaigns/:id',
    {
      schema: {
        tags,
        summary: 'Discard a draft campaign',
        params: idParams,
        response: { 204: z.undefined(), ...notDraft },
      },
      onRequest: brandOnly,
    },
    async (request, reply) => {
      const user = currentUser(request);
      await discardCampaign(app.ctx, user, request.params.id);
      return reply.code(204).send();
    },
  );

  r.delete(
    '/campaigns/:id/photos/:photoId',
    {
      schema: {
        tags,
        summary: "Delete a draft's featured photo by its name",
        params: photoParams,
        response: { 204: z.undefined(), ...notDraft },
      },
      onRequest: brandOnly,
    },
    async (request, reply) => {
      const user = currentUser(request);
      await deleteCampaignPhoto(app.ctx, user, request.params.id, request.params.photoId);
      return reply.code(204).send();
    },
  );
}
