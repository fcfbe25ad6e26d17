import { and, eq } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { pushSubscriptions } from '../../db/schema';

/** `DELETE push/subscriptions`: this browser no longer receives the caller's pushes (nothing to remove is fine). */
export async function unsubscribe(ctx: AppContext, userId: number, endpoint: string): Promise<void> {
  await ctx.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}
