import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';

import type { AppContext } from '../../context';
import { pushSubscriptions } from '../../db/schema';
import { isAllowedPushEndpoint } from './push-endpoint';
import type { PushDelivery } from './send-push';
import { vapidKeys } from './vapid-keys';

/** How long a push service may keep a message for a browser that is offline (seconds). */
const TTL_SECONDS = 24 * 3600;
/** How long the push service gets to answer. */
const TIMEOUT_MS = 10_000;
/** Push services take about 4 KB of encrypted payload: the texts are cut well below it. */
const TITLE_MAX = 120;
const BODY_MAX = 600;

/** A push service that could not take the message now: the job queue tries again later. */
export class PushServiceUnavailable extends Error {}

/** A path of this app (`/bookings/12/pass`); anything else (another site, `//host`) becomes the home page. */
export function appPath(link: string): string {
  return /^\/(?![/\\])[^\s]*$/.test(link) && link.length <= 500 ? link : '/';
}

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The JSON the service worker reads (apps/web/src/service-worker/push-handlers.ts). */
export function pushPayload(d: Pick<PushDelivery, 'notificationId' | 'title' | 'body' | 'link'>): string {
  return JSON.stringify({
    id: d.notificationId,
    title: cut(d.title, TITLE_MAX),
    body: cut(d.body, BODY_MAX),
    link: appPath(d.link),
  });
}

/**
 * The `push:deliver` job: one message to one browser, through its push service (RFC 8030), the
 * payload encrypted for that browser (RFC 8291, aes128gcm) and signed with our VAPID key (RFC 8292)
 * by the web-push library. The request is ours (fetch, no redirects followed, a deadline), sent only
 * to an endpoint the allow-list accepts now. 404 or 410: the browser dropped the subscription, so do
 * we. 429 or 5xx or no answer: thrown, so the queue retries. Any other refusal is logged and not
 * retried (the same request would be refused again).
 */
export async function deliverPush(
  ctx: AppContext,
  d: PushDelivery,
  signal: AbortSignal,
  log: FastifyBaseLogger,
): Promise<void> {
  const mine = and(eq(pushSubscriptions.id, d.subscriptionId), eq(pushSubscriptions.userId, d.userId));
  const [sub] = await ctx.db.select().from(pushSubscriptions).where(mine);
  if (!sub) return;
  if (!isAllowedPushEndpoint(sub.endpoint, ctx.config.push)) {
    await ctx.db.delete(pushSubscriptions).where(mine);
    log.warn({ subscriptionId: sub.id }, 'push subscription dropped: its endpoint is no longer allowed');
    return;
  }
  const keys = await vapidKeys(ctx);
  const request = webpush.generateRequestDetails(
    { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
    pushPayload(d),
    {
      vapidDetails: { subject: ctx.config.push.vapidSubject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: TTL_SECONDS,
      urgency: 'normal',
      contentEncoding: 'aes128gcm',
    },
  );
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    // fetch computes the length from the body itself.
    if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
  }
  let status: number;
  try {
    const res = await fetch(request.endpoint, {
      method: 'POST',
      headers,
      body: request.body ? new Uint8Array(request.body) : null,
      redirect: 'manual',
      signal: AbortSignal.any([signal, AbortSignal.timeout(TIMEOUT_MS)]),
    });
    status = res.status;
    await res.body?.cancel();
  } catch (err) {
    if (signal.aborted) throw err;
    throw new PushServiceUnavailable(`push service unreachable: ${(err as Error).message}`);
  }
  if (status === 404 || status === 410) {
    await ctx.db.delete(pushSubscriptions).where(mine);
    return;
  }
  if (status >= 200 && status < 300) {
    await ctx.db.update(pushSubscriptions).set({ lastSentAt: ctx.clock.now() }).where(mine);
    return;
  }
  if (status === 429 || status >= 500) throw new PushServiceUnavailable(`push service answered ${status}`);
  log.warn({ subscriptionId: sub.id, status }, 'push refused by the push service; not retried');
}
