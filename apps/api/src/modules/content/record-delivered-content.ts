import { networkOf } from '@comped/shared/post-links';
import { rightsExpiry } from '@comped/shared/schemas/usage-rights';

import type { DbOrTx } from '../../db/client';
import type { campaigns, TaskPost } from '../../db/schema';
import { contentItems } from '../../db/schema';

/**
 * A completed task's links become the brand's content library (issue 28), each with the campaign's
 * usage rights as they are at delivery and the day they end. Called in the completion's transaction.
 */
export async function recordDeliveredContent(
  tx: DbOrTx,
  v: {
    task: { id: number; userId: number; posts: TaskPost[] };
    booking: { id: number; brandId: number; campaignId: number };
    campaign: Pick<typeof campaigns.$inferSelect, 'usageRights'>;
    now: Date;
    /** The delivery day in the brand's calendar (YYYY-MM-DD). */
    today: string;
  },
): Promise<void> {
  if (v.task.posts.length === 0) return;
  const rights = v.campaign.usageRights;
  await tx
    .insert(contentItems)
    .values(
      v.task.posts.map((p) => ({
        brandId: v.booking.brandId,
        campaignId: v.booking.campaignId,
        bookingId: v.booking.id,
        taskId: v.task.id,
        userId: v.task.userId,
        type: p.type,
        network: networkOf(p.link) ?? 'other',
        url: p.link,
        checked: (p.check ?? (p.checked ? 'format' : null)) === 'network',
        rights: rights
          ? {
              organic: rights.organic,
              ads: rights.ads,
              website: rights.website,
              expires_on: rightsExpiry(rights, v.today),
            }
          : null,
        deliveredAt: v.now,
      })),
    )
    .onConflictDoNothing();
}
