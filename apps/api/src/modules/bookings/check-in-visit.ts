import { MSG } from '@comped/shared/messages';
import type { BookingResource } from '@comped/shared/schemas/resources';
import { checkInClosedMessage, checkInLockedMessage, checkInOpensMessage } from '@comped/shared/validation/visits';
import { VISIT_RULES } from '@comped/shared/visit-rules';

import type { AppContext } from '../../context';
import { appError, retryAfter } from '../../lib/app-error';
import { notificationText } from '../notifications/notification-texts';
import { changeBooking, toChangedResource } from './booking-change';
import { notifyMedia, postBookingEvent } from './booking-notices';
import type { BrandActor } from './bookings.policy';
import { assertBookingOfActor } from './bookings.policy';
import { checkInWindow, localWhen, sameCode } from './visit-times';

/**
 * POST brands/{id}/bookings/{bookingId}/checkin {code}. The row is locked, so two taps at the door
 * count once. A wrong code is counted (committed) before the 422 goes out; the fifth in a row locks
 * check-in for 15 minutes. Outside the window nothing is counted.
 */
export async function checkInVisit(
  ctx: AppContext,
  actor: BrandActor,
  bookingId: number,
  code: string,
): Promise<BookingResource> {
  const field = 'code';
  const facts = await changeBooking(ctx, bookingId, {
    authorize: (f) => assertBookingOfActor(f, actor),
    decide: ({ booking: b, location }, now) => {
      const zone = location.timeZone;
      if (b.checkedInAt) throw appError('already_checked_in', { field, message: MSG.visitAlreadyCheckedIn });
      if ((b.status !== 'accepted' && b.status !== 'finished') || !b.checkInCode) {
        throw appError('visit_not_accepted', { field, message: MSG.visitNotCheckable });
      }
      if (b.checkInLockedUntil && b.checkInLockedUntil.getTime() > now.getTime()) {
        throw appError('check_in_locked', {
          field,
          message: checkInLockedMessage(localWhen(b.checkInLockedUntil, zone)),
          headers: retryAfter((b.checkInLockedUntil.getTime() - now.getTime()) / 1000),
        });
      }
      const { opensAt, closesAt } = checkInWindow(b.visitAt);
      if (now.getTime() < opensAt.getTime()) {
        throw appError('check_in_not_open', { field, message: checkInOpensMessage(localWhen(opensAt, zone)) });
      }
      if (now.getTime() > closesAt.getTime()) {
        throw appError('check_in_closed', { field, message: checkInClosedMessage(localWhen(closesAt, zone)) });
      }
      if (!sameCode(code, b.checkInCode)) {
        const failures = b.checkInFailures + 1;
        const lock = failures >= VISIT_RULES.maxWrongCodes;
        return {
          set: lock
            ? { checkInFailures: 0, checkInLockedUntil: new Date(now.getTime() + VISIT_RULES.lockMinutes * 60_000) }
            : { checkInFailures: failures },
          refuse: appError('wrong_check_in_code', { field, message: MSG.checkInCodeWrong }),
        };
      }
      return {
        set: {
          checkedInAt: now,
          checkInFailures: 0,
          checkInLockedUntil: null,
          updatedAt: now,
          decidedBy: actor.userId,
        },
      };
    },
    // Only a check-in that happened: a refused code never reaches the effects.
    effects: async (tx, changed, now) => {
      const { booking, campaign, location } = changed;
      await postBookingEvent(tx, ctx, booking, 'checked_in', localWhen(now, location.timeZone));
      await notifyMedia(tx, ctx, booking, notificationText.checkedIn({ brandName: campaign.brandName }));
    },
  });
  return toChangedResource(ctx, facts!, 'brand');
}
