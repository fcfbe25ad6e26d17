import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { bookings } from '../../db/schema';
import type { VisitFacts } from '../bookings/bookings.mails';
import { mailInvitationCancelled } from './visits.mails';

const REASON = {
  cancelled: (v: VisitFacts) => `Your visit for "${v.campaignName}" at ${v.brandName} is cancelled.`,
  declined: (v: VisitFacts) => `Your visit for "${v.campaignName}" at ${v.brandName} will not take place.`,
  no_show: (v: VisitFacts) => `Your visit for "${v.campaignName}" at ${v.brandName} was marked as a no-show.`,
} as const;

/**
 * A visit that had a calendar invitation and will not happen (cancelled, declined, no-show) sends
 * the cancelling one, so calendars drop the event. Call it in the transaction of the change.
 */
export async function withdrawInvitation(
  tx: DbOrTx,
  config: Config,
  row: { id: number; inviteSequence: number | null },
  facts: VisitFacts,
  why: keyof typeof REASON,
  now: Date,
): Promise<void> {
  if (row.inviteSequence === null) return;
  const sequence = row.inviteSequence + 1;
  await tx.update(bookings).set({ inviteSequence: sequence }).where(eq(bookings.id, row.id));
  await mailInvitationCancelled(tx, config, facts, sequence, now, REASON[why](facts));
}
