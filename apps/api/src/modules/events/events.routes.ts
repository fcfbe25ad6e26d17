import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { appError } from '../../lib/app-error';
import { currentUser, requireAuth } from '../../plugins/auth';
import { EventStreams, StreamLimitError } from './event-streams';

/** Seconds a client refused for too many streams waits before asking again (it polls meanwhile). */
const STREAM_LIMIT_RETRY_S = 30;

/**
 * The OpenAPI description of the stream: `text/event-stream`, sent as it happens. Like the CSV
 * export, a stream never reaches the zod serializer: this documents, it checks nothing.
 */
const streamAnswer = {
  description:
    '`event: notification` (`id:` its id, `data:` the notification), `event: message` (`data:` the message), ' +
    '`event: read` (`data:` {conversation_id, user_id, read_up_to}), a `: heartbeat` comment every 25 s',
  content: { 'text/event-stream': { schema: z.string().meta({ description: 'Server-sent events, UTF-8' }) } },
};

/** A `Last-Event-ID` that is a notification id; anything else starts without a replay. */
function lastEventIdOf(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !/^\d{1,10}$/.test(value.trim())) return null;
  const id = Number(value.trim());
  return id <= 2_147_483_647 ? id : null;
}

/**
 * GET events (decisions.md, "Notifications, live"): the caller's live events, on any node, with the
 * bearer token in the Authorization header (clients read it with fetch: EventSource cannot send it).
 */
export async function eventsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const streams = new EventStreams(app.ctx, app.log);
  const unsubscribe = app.ctx.live.subscribe(streams);
  app.onDrain(() => streams.closeAll());
  app.addHook('preClose', async () => {
    unsubscribe();
    streams.closeAll();
  });

  r.get(
    '/events',
    {
      onRequest: requireAuth(),
      schema: {
        tags: ['notifications'],
        summary:
          'Live events (text/event-stream): notifications and messages as they happen; Last-Event-ID replays missed notifications',
        // 429 too_many_streams: this user holds as many streams on this node as one may.
        response: { 200: streamAnswer },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      let out;
      try {
        out = await streams.open(
          { id: user.id, tokenId: request.tokenId ?? 0 },
          lastEventIdOf(request.headers['last-event-id']),
        );
      } catch (err) {
        if (!(err instanceof StreamLimitError)) throw err;
        throw err.scope === 'user'
          ? appError('too_many_streams', {
              message: 'You have too many live connections open. Close a tab, or wait a moment.',
              headers: { 'Retry-After': String(STREAM_LIMIT_RETRY_S) },
            })
          : appError('service_unavailable', { headers: { 'Retry-After': '5' } });
      }
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        // No cache and no transformation on the way (a compressing proxy would hold the events back);
        // `X-Accel-Buffering: no` asks nginx-style proxies not to buffer.
        .header('cache-control', 'no-store, no-transform')
        .header('x-accel-buffering', 'no')
        // The connection ends with the stream (a drain, a revoked token), not kept alive idle for
        // another request: a draining node closes at once instead of waiting out the keep-alive.
        .header('connection', 'close');
      return reply.send(out as unknown as string);
    },
  );
}
