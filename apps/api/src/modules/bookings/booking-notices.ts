import type { ConversationEvent } from '@comped/shared/notification-kinds';
import { addDays, formatDay, formatTime12 } from '@comped/shared/time';
import { VISIT_RULES } from '@comped/shared/visit-rules';

import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { ConversationRow } from '../conversations/conversations.policy';
import { brandSideRecipientsOf } from '../conversations/conversations.policy';
import { openBookingConversation } from '../conversations/open-conversation';
import { postEventIn } from '../conversations/post-conversation-event';
import type { NotificationText } from '../notifications/notification-texts';
import { notify } from '../notifications/notify';

/**
 * What a booking's change tells the people in it (issue 26), inside the change's transaction: the
 * event inline in the booking's conversation, and the notifications to the media user or to the
 * brand side. The booking's use cases (and the jobs) call these beside the mails they queue.
 */

type NoticeContext = Pick<AppContext, 'live' | 'config' | 'clock'>;

/** The booking's identity as the notices need it. */
export interface NoticeBooking {
  id: number;
  brandId: number;
  locationId: number;
  userId: number;
}

/** "Sat, Jun 6, 2026 at 7:00 PM": the visit's local day and time, as notifications and events say it. */
export function visitWhen(b: { bookingDate: string; bookingTime: string }): string {
  return `${formatDay(b.bookingDate)} at ${formatTime12(b.bookingTime)}`;
}

/** The day a visit's task is due (7 days after the visit, at the location): "Sat, Jun 13, 2026". */
export function taskDueDay(b: { bookingDate: string }): string {
  return formatDay(addDays(b.bookingDate, VISIT_RULES.taskDueDays));
}

/**
 * The booking's event in its conversation (opened now if the booking predates conversations).
 * `brandSide`: the booking's brand side (brandSideRecipientsOf), when the caller has read it;
 * `conversation`: the booking's, when the caller has read it (null: open it now).
 * Returns the conversation's id.
 */
export async function postBookingEvent(
  tx: DbOrTx,
  ctx: NoticeContext,
  booking: NoticeBooking,
  code: ConversationEvent,
  detail?: string,
  brandSide?: number[],
  conversation?: ConversationRow | null,
): Promise<number> {
  conversation ??= await openBookingConversation(tx, booking);
  await postEventIn(tx, ctx, conversation, { code, detail }, brandSide);
  return conversation.id;
}

/** A notification to the booking's media user. */
export async function notifyMedia(
  tx: DbOrTx,
  ctx: NoticeContext,
  booking: NoticeBooking,
  text: NotificationText,
): Promise<void> {
  await notify(tx, ctx, { userId: booking.userId, ...text });
}

/**
 * A notification to everyone on the brand side of the booking (brandSideRecipientsOf, or
 * `brandSide` when the caller has read it).
 */
export async function notifyBrandSide(
  tx: DbOrTx,
  ctx: NoticeContext,
  booking: Pick<NoticeBooking, 'brandId' | 'locationId'>,
  text: NotificationText,
  brandSide?: number[],
): Promise<void> {
  for (const userId of brandSide ?? (await brandSideRecipientsOf(tx, booking.brandId, booking.locationId))) {
    await notify(tx, ctx, { userId, ...text });
  }
}
