import { createPublicKey } from 'node:crypto';

import type { PushSubscriptionInput } from '@comped/shared/validation/push';
import { and, desc, eq, notInArray } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { pushSubscriptions } from '../../db/schema';
import { isAllowedPushEndpoint } from './push-endpoint';
import { pushErrors } from './push-errors';

/** Browsers a user may receive pushes on at once; a new one beyond replaces the oldest. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

/** A P-256 public key as browsers send it: an uncompressed point (0x04, x, y) on the curve. */
function isP256Point(p256dh: string): boolean {
  const raw = Buffer.from(p256dh, 'base64url');
  if (raw.length !== 65 || raw[0] !== 0x04) return false;
  try {
    createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * `POST push/subscriptions`: this browser receives the caller's pushes from now on, for as long as
 * the sign-in `tokenId` lasts. An endpoint already known (the same browser subscribing again, or
 * another account signed in there) now belongs to the caller with the keys given. Answers whether
 * the caller got a subscription they did not have (201) or refreshed their own (204).
 */
export async function subscribe(
  ctx: AppContext,
  userId: number,
  tokenId: number,
  input: { endpoint: string; keys: PushSubscriptionInput['keys'] },
): Promise<{ created: boolean }> {
  if (!isAllowedPushEndpoint(input.endpoint, ctx.config.push)) throw pushErrors.endpointNotAllowed();
  if (!isP256Point(input.keys.p256dh)) throw pushErrors.keyInvalid();
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, input.endpoint));
    const values = { userId, tokenId, p256dh: input.keys.p256dh, auth: input.keys.auth };
    await tx
      .insert(pushSubscriptions)
      .values({ ...values, endpoint: input.endpoint, createdAt: ctx.clock.now() })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
    const newest = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(MAX_PUSH_SUBSCRIPTIONS);
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
    return { created: before?.userId !== userId };
  });
}
