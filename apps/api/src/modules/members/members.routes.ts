import { dataOf } from '@comped/shared/schemas/envelopes';
import { loginResponseSchema } from '@comped/shared/schemas/session';
import { dbId } from '@comped/shared/validation/fields';
import {
  memberAcceptSchema,
  memberInvitationQuerySchema,
  memberInvitationResourceSchema,
  memberInviteSchema,
  memberResourceSchema,
  memberUpdateSchema,
} from '@comped/shared/validation/members';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { currentUser, requireAuth } from '../../plugins/auth';
import { limitAnonymousWrite } from '../auth/credentials';
import { assertOwnsBrand, BRAND_OWNER, brandRoles } from '../brands/brands.policy';
import { acceptInvitation } from './accept-invitation';
import { inviteMember } from './invite-member';
import { listMembers } from './list-members';
import { memberOfBrand } from './members.policy';
import { readInvitation } from './read-invitation';
import { removeMember } from './remove-member';
import { updateMember } from './update-member';

const tags = ['members'];
const id = dbId();
const oneMember = dataOf(memberResourceSchema);

/**
 * Brand teams (decisions.md round 3): the owner invites, lists, changes and removes managers and
 * hosts; an invitee reads and accepts the mailed link. Owners only, except the link's (public).
 */
export async function membersRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const owner = [requireAuth('brands'), brandRoles(BRAND_OWNER)];
  const anonymousWrite = async (request: FastifyRequest) => limitAnonymousWrite(ctx, request.ip);

  r.get(
    '/brands/:id/members',
    {
      schema: {
        tags,
        summary: "The brand's team: invitations and members",
        params: z.object({ id }),
        response: { 200: dataOf(z.array(memberResourceSchema)) },
      },
      onRequest: owner,
    },
    async (request) => {
      const brand = await assertOwnsBrand(ctx.db, currentUser(request), request.params.id);
      return { data: await listMembers(ctx, brand.id) };
    },
  );

  r.post(
    '/brands/:id/members',
    {
      schema: {
        tags,
        summary: 'Invite a manager or a host by mail (a link to /join, valid 7 days; 10 members at most)',
        params: z.object({ id }),
        body: memberInviteSchema,
        response: { 201: oneMember },
      },
      onRequest: owner,
    },
    async (request, reply) => {
      const brand = await assertOwnsBrand(ctx.db, currentUser(request), request.params.id);
      return reply.code(201).send({ data: await inviteMember(ctx, brand, request.body) });
    },
  );

  r.put(
    '/brands/:id/members/:memberId',
    {
      schema: {
        tags,
        summary: "Change a member's role and locations",
        params: z.object({ id, memberId: id }),
        body: memberUpdateSchema,
        response: { 200: oneMember },
      },
      onRequest: owner,
    },
    async (request) => {
      const brand = await assertOwnsBrand(ctx.db, currentUser(request), request.params.id);
      const member = await memberOfBrand(ctx.db, brand.id, request.params.memberId);
      return { data: await updateMember(ctx, member, request.body) };
    },
  );

  r.delete(
    '/brands/:id/members/:memberId',
    {
      schema: {
        tags,
        summary: "Remove a member or withdraw an invitation (the member's tokens are revoked at once)",
        params: z.object({ id, memberId: id }),
        response: { 204: z.undefined() },
      },
      onRequest: owner,
    },
    async (request, reply) => {
      const brand = await assertOwnsBrand(ctx.db, currentUser(request), request.params.id);
      const member = await memberOfBrand(ctx.db, brand.id, request.params.memberId);
      await removeMember(ctx, member);
      return reply.code(204).send();
    },
  );

  r.post(
    '/members/invitation',
    {
      schema: {
        tags,
        summary: 'What an invitation link invites to (brand, role, e-mail), or why it cannot be used',
        body: memberInvitationQuerySchema,
        response: { 200: dataOf(memberInvitationResourceSchema) },
      },
      preValidation: anonymousWrite,
    },
    async (request) => ({ data: await readInvitation(ctx, request.body) }),
  );

  r.post(
    '/members/accept',
    {
      schema: {
        tags,
        summary: "Accept an invitation: creates the member's account and signs in (as POST login)",
        body: memberAcceptSchema,
        response: { 200: loginResponseSchema },
      },
      preValidation: anonymousWrite,
    },
    async (request) => acceptInvitation(ctx, request.body),
  );
}
