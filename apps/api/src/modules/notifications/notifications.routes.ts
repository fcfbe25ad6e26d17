import { pageQuerySchema } from '@comped/shared/paging';
import { dataOf } from '@comped/shared/schemas/envelopes';
import { notificationListSchema, notificationPreferencesSchema } from '@comped/shared/schemas/notifications';
import {
  markNotificationsReadSchema,
  notificationPreferencesInputSchema,
  notificationsFilterSchema,
} from '@comped/shared/validation/notifications';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { currentUser, requireAuth } from '../../plugins/auth';
import { listNotifications } from './list-notifications';
import { markNotificationsRead } from './mark-notifications-read';
import { getPreferences, updatePreferences } from './notification-preferences';

/** The bell and its settings (decisions.md, "Notifications, live"): every signed-in user, their own only. */
export async function notificationsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['notifications'];

  r.get(
    '/notifications',
    {
      onRequest: requireAuth(),
      schema: {
        tags,
        summary: "The caller's notifications, newest first (paged); meta.unread counts the unread ones",
        querystring: pageQuerySchema.extend(notificationsFilterSchema.shape),
        response: { 200: notificationListSchema },
      },
    },
    async (request) => {
      const q = request.query;
      return listNotifications(ctx.db, currentUser(request).id, {
        page: q['page[number]'],
        size: q['page[size]'],
        unreadOnly: q['filter[unread]'] === '1',
      });
    },
  );

  r.post(
    '/notifications/read',
    {
      onRequest: requireAuth(),
      schema: {
        tags,
        summary: 'Marks the caller\'s notifications read: {"ids": [...]} or {"all": true}',
        body: markNotificationsReadSchema,
        response: { 204: z.undefined() },
      },
    },
    async (request, reply) => {
      await markNotificationsRead(ctx.db, currentUser(request).id, request.body, ctx.clock.now());
      return reply.code(204).send();
    },
  );

  r.get(
    '/notification-preferences',
    {
      onRequest: requireAuth(),
      schema: {
        tags,
        summary: 'Which kinds of notification also mail the caller; `required` ones always do',
        response: { 200: dataOf(notificationPreferencesSchema) },
      },
    },
    async (request) => ({ data: await getPreferences(ctx.db, currentUser(request).id) }),
  );

  r.put(
    '/notification-preferences',
    {
      onRequest: requireAuth(),
      schema: {
        tags,
        summary: 'Turns mails per kind on or off: {"mail": {"TYPE": true|false}} (required ones stay on)',
        body: notificationPreferencesInputSchema,
        response: { 200: dataOf(notificationPreferencesSchema) },
      },
    },
    async (request) => ({ data: await updatePreferences(ctx.db, currentUser(request).id, request.body.mail) }),
  );
}
