import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';

import type { AppContext } from '../../context';
import { accessTokens, pushSubscriptions } from '../../db/schema';
import { enqueue } from '../../jobs/queue';
import { TOKEN_ABSOLUTE_MS, TOKEN_IDLE_MS } from '../../plugins/auth';
import type { PushMessage } from './push-message';
import { PUSH_DELIVER_JOB, pushMessageSchema } from './push-message';

export const pushDeliverySchema = pushMessageSchema.extend({ subscriptionId: z.number().int().positive() });
export type PushDelivery = z.infer<typeof pushDeliverySchema>;

/**
 * The `push:send` job: one `push:deliver` job per browser the user receives pushes on, so a browser
 * whose push service fails is retried alone and the others are not sent the message twice.
 * Subscriptions whose sign-in has ended (signed out, revoked, expired) are dropped here.
 */
export async function sendPush(ctx: AppContext, message: PushMessage): Promise<void> {
  const now = ctx.clock.now();
  const live = and(
    isNull(accessTokens.revokedAt),
    gt(accessTokens.lastUsedAt, new Date(now.getTime() - TOKEN_IDLE_MS)),
    gt(accessTokens.createdAt, new Date(now.getTime() - TOKEN_ABSOLUTE_MS)),
  );
  const rows = await ctx.db
    .select({ id: pushSubscriptions.id, live: sql<boolean>`coalesce(${live}, false)` })
    .from(pushSubscriptions)
    .leftJoin(accessTokens, eq(accessTokens.id, pushSubscriptions.tokenId))
    .where(eq(pushSubscriptions.userId, message.userId));
  await ctx.db.transaction(async (tx) => {
    for (const row of rows) {
      if (!row.live) {
        await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.id));
        continue;
      }
      const delivery: PushDelivery = { ...message, subscriptionId: row.id };
      await enqueue(tx, PUSH_DELIVER_JOB, delivery, {
        singletonKey: `push:${message.notificationId}:${row.id}`,
        maxAttempts: 6,
      });
    }
  });
}
