import { calendarFeedResourceSchema } from '@comped/shared/schemas/devices';
import { dataOf } from '@comped/shared/schemas/envelopes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { appError } from '../../lib/app-error';
import { currentUser, requireAuth } from '../../plugins/auth';
import { FEED_ROLES } from './calendar.policy';
import { feedAddress, rotateFeed } from './feed-tokens';
import { showFeed } from './show-feed';

const tags = ['calendar'];
const oneFeed = dataOf(calendarFeedResourceSchema);

/**
 * The feed as OpenAPI describes it: a `text/calendar` body. The handler sends the text with its
 * content type set, which Fastify sends as it is, so this schema documents the body only.
 */
const feedAnswer = {
  description: 'An RFC 5545 calendar: one VEVENT per visit, STATUS:CANCELLED for cancelled ones',
  content: { 'text/calendar': { schema: z.string().meta({ description: 'iCalendar, UTF-8, CRLF line ends' }) } },
};

/** Calendar feeds (decisions.md, "Calendar feeds"). */
export async function calendarRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  r.get(
    '/calendar-feed',
    {
      schema: { tags, summary: "The caller's private calendar subscription address", response: { 200: oneFeed } },
      onRequest: requireAuth([...FEED_ROLES]),
    },
    async (request) => ({ data: { url: await feedAddress(ctx, currentUser(request).id) } }),
  );

  r.post(
    '/calendar-feed/rotate',
    {
      schema: {
        tags,
        summary: 'A new calendar subscription address; the previous one answers 404 from now on',
        response: { 200: oneFeed },
      },
      onRequest: requireAuth([...FEED_ROLES]),
    },
    async (request) => ({ data: { url: await rotateFeed(ctx, currentUser(request).id) } }),
  );

  r.get(
    '/calendar/:file',
    {
      schema: {
        tags,
        summary:
          'A calendar feed (text/calendar, RFC 5545), opened by its private address alone (no sign-in); ETag and If-None-Match',
        params: z.object({ file: z.string().max(100) }),
        response: { 200: feedAnswer, 304: z.undefined() },
      },
    },
    async (request, reply) => {
      const token = /^(.+)\.ics$/.exec(request.params.file)?.[1];
      const feed = token ? await showFeed(ctx, token) : null;
      if (!feed) throw appError('not_found');
      // The address is a secret: caches shared between users must not keep it, the subscriber's may.
      reply.header('cache-control', 'private, max-age=300').header('etag', feed.etag);
      const asked = request.headers['if-none-match'];
      if (asked && asked.split(',').some((tag) => tag.trim() === feed.etag)) return reply.code(304).send();
      return reply.type('text/calendar; charset=utf-8').send(feed.body);
    },
  );
}
