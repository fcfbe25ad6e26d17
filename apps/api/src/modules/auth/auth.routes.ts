import { MSG } from '@comped/shared/messages';
import { mediaApplicationReceiptSchema } from '@comped/shared/schemas/admin';
import { dataOf, messageResponseSchema } from '@comped/shared/schemas/envelopes';
import { loginResponseSchema, sessionUserSchema } from '@comped/shared/schemas/session';
import {
  brandSignupSchema,
  isPasswordChange,
  loginSchema,
  mediaApplicationSchema,
  passwordChangeSchema,
  resetPasswordSchema,
  settingsSchema,
} from '@comped/shared/validation/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { parseOr422 } from '../../lib/app-error';
import { currentUser, requireAuth } from '../../plugins/auth';
import { applyAsMedia } from './apply-as-media';
import { limitAnonymousWrite, revokeToken } from './credentials';
import { registerBrand } from './register-brand';
import { requestPasswordReset } from './reset-password';
import { buildSessionUser } from './session-user';
import { login } from './sign-in';
import { changePassword, updateSettings } from './update-settings';

/** Sign-in, sign-up, reset, the session user, and the public media application (spec section 7). */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const anonymousWrite = async (request: FastifyRequest) => limitAnonymousWrite(app.ctx, request.ip);
  const tags = ['auth'];

  r.post(
    '/login',
    {
      schema: { tags, summary: 'Sign in', body: loginSchema, response: { 200: loginResponseSchema } },
      preValidation: anonymousWrite,
    },
    async (request) => login(app.ctx, request.body, request.ip),
  );

  r.post(
    '/registerbrand',
    {
      schema: {
        tags,
        summary: 'Sign up as a brand (signs in)',
        body: brandSignupSchema,
        response: { 201: loginResponseSchema },
      },
      preValidation: anonymousWrite,
    },
    async (request, reply) => reply.code(201).send(await registerBrand(app.ctx, request.body)),
  );

  r.get(
    '/logout',
    {
      schema: {
        tags,
        summary: 'Sign out (revokes this token)',
        response: { 204: z.undefined() },
      },
      onRequest: requireAuth([], { allowPendingPasswordChange: true }),
    },
    async (request, reply) => {
      if (request.tokenId !== null) await revokeToken(app.ctx, request.tokenId);
      return reply.code(204).send();
    },
  );

  r.post(
    '/resetpassword',
    {
      schema: {
        tags,
        summary: 'E-mail a temporary password',
        body: resetPasswordSchema,
        response: { 200: messageResponseSchema },
      },
      preValidation: anonymousWrite,
    },
    async (request) => {
      await requestPasswordReset(app.ctx, request.body.email, request.ip);
      // The same answer whether or not the e-mail has an account (no enumeration).
      return { message: MSG.resetAnswer };
    },
  );

  r.get(
    '/profile',
    {
      schema: {
        tags,
        summary: 'The signed-in user',
        response: { 200: dataOf(sessionUserSchema) },
      },
      onRequest: requireAuth([], { allowPendingPasswordChange: true }),
    },
    async (request) => ({ data: await buildSessionUser(app.ctx.db, currentUser(request)) }),
  );

  r.put(
    '/profile',
    {
      schema: {
        tags,
        summary: 'Change name and email, or the password',
        description:
          'Either `{name, email}` or `{password, password_confirmation}`. Changing the password or the e-mail needs `current_password` (422 on it when missing or wrong), except the forced change after a temporary password. A password change signs out every other session; an e-mail change is told to the old address.',
        body: z.record(z.string(), z.unknown()),
        response: { 200: dataOf(sessionUserSchema) },
      },
      onRequest: requireAuth([], { allowPendingPasswordChange: true }),
    },
    async (request) => {
      const user = currentUser(request);
      if (isPasswordChange(request.body)) {
        const input = parseOr422(passwordChangeSchema, request.body);
        await changePassword(app.ctx, user.id, request.tokenId, input);
      } else {
        // A user who must change the password may do only that.
        if (user.mustChangePassword) {
          parseOr422(passwordChangeSchema, request.body);
        }
        const input = parseOr422(settingsSchema, request.body);
        await updateSettings(app.ctx, user.id, input);
      }
      return { data: await buildSessionUser(app.ctx.db, user.id) };
    },
  );

  r.post(
    '/influencers',
    {
      schema: {
        tags: ['media applications'],
        summary: 'Apply as an influencer or journalist',
        body: mediaApplicationSchema,
        response: { 201: dataOf(mediaApplicationReceiptSchema) },
      },
      preValidation: anonymousWrite,
    },
    async (request, reply) => reply.code(201).send({ data: await applyAsMedia(app.ctx, request.body) }),
  );
}
