import { MEDIA_TYPES } from '@comped/shared/roles';
import { createdInvitationSchema, invitationResourceSchema } from '@comped/shared/schemas/directory';
import { dataOf } from '@comped/shared/schemas/envelopes';
import { invitationsBodySchema, invitationUpdateSchema } from '@comped/shared/validation/directory';
import { dbId } from '@comped/shared/validation/fields';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { assertSelf, currentUser, requireAuth } from '../../plugins/auth';
import { BRAND_MANAGERS, brandRoles } from '../brands/brands.policy';
import { declineInvitation } from './decline-invitation';
import { inviteCreators } from './invite-creators';
import { listInvitations } from './list-invitations';

const params = z.object({ id: dbId() });
const invitationParams = z.object({ id: dbId(), invId: dbId() });

/** Invitations to campaigns (issue 28, decisions.md round 3 "Creator directory and invitations"). */
export async function invitationsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['invitations'];

  r.post(
    '/campaigns/:id/invitations',
    {
      onRequest: [requireAuth('brands'), brandRoles(BRAND_MANAGERS)],
      schema: {
        params,
        body: invitationsBodySchema,
        tags,
        summary: 'Invite media users to an approved campaign of the brand (notified and mailed)',
        response: { 201: dataOf(z.array(createdInvitationSchema)) },
      },
    },
    async (request, reply) => {
      const data = await inviteCreators(app.ctx, currentUser(request), request.params.id, request.body);
      return reply.code(201).send({ data });
    },
  );

  r.get(
    '/influencers/:id/invitations',
    {
      onRequest: requireAuth(MEDIA_TYPES),
      schema: {
        params,
        tags,
        summary: "The media user's invitations, newest first",
        response: { 200: dataOf(z.array(invitationResourceSchema)) },
      },
    },
    async (request) => {
      const user = assertSelf(request, request.params.id);
      return { data: await listInvitations(app.ctx, user.id) };
    },
  );

  r.put(
    '/influencers/:id/invitations/:invId',
    {
      onRequest: requireAuth(MEDIA_TYPES),
      schema: {
        params: invitationParams,
        body: invitationUpdateSchema,
        tags,
        summary: 'The media user declines an open invitation',
        response: { 200: dataOf(invitationResourceSchema) },
      },
    },
    async (request) => {
      const user = assertSelf(request, request.params.id);
      return { data: await declineInvitation(app.ctx, user.id, request.params.invId) };
    },
  );
}
