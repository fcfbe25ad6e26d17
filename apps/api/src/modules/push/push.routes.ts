import { pushKeyResourceSchema, pushSubscriptionResourceSchema } from '@comped/shared/schemas/devices';
import { dataOf } from '@comped/shared/schemas/envelopes';
import { pushSubscriptionSchema, pushUnsubscribeSchema } from '@comped/shared/validation/push';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { appError } from '../../lib/app-error';
import { currentUser, requireAuth } from '../../plugins/auth';
import { subscribe } from './subscribe';
import { unsubscribe } from './unsubscribe';
import { vapidKeys } from './vapid-keys';

const tags = ['push'];

/** Web push, opt-in per device (decisions.md, "On the phone"). */
export async function pushRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  r.get(
    '/push/key',
    {
      schema: {
        tags,
        summary: "The server's VAPID public key, the applicationServerKey a browser subscribes with",
        response: { 200: dataOf(pushKeyResourceSchema) },
      },
      onRequest: requireAuth(),
    },
    async () => ({ data: { public_key: (await vapidKeys(ctx)).publicKey } }),
  );

  r.post(
    '/push/subscriptions',
    {
      schema: {
        tags,
        summary:
          "Receive the caller's notifications in this browser (PushSubscription.toJSON()); the endpoint must be a browser push service's (else 422 on endpoint). 201: new to the caller; 204: already theirs, keys refreshed",
        body: pushSubscriptionSchema,
        response: { 201: dataOf(pushSubscriptionResourceSchema), 204: z.undefined() },
      },
      onRequest: requireAuth(),
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (request.tokenId === null) throw appError('unauthenticated');
      const { created } = await subscribe(ctx, user.id, request.tokenId, request.body);
      if (!created) return reply.code(204).send();
      return reply.code(201).send({ data: { endpoint: request.body.endpoint } });
    },
  );

  r.delete(
    '/push/subscriptions',
    {
      schema: {
        tags,
        summary: "Stop receiving the caller's notifications in this browser",
        body: pushUnsubscribeSchema,
        response: { 204: z.undefined() },
      },
      onRequest: requireAuth(),
    },
    async (request, reply) => {
      await unsubscribe(ctx, currentUser(request).id, request.body.endpoint);
      return reply.code(204).send();
    },
  );
}
