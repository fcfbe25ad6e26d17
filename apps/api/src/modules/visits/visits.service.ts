import { and, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { VISIT_RULES, VISIT_TEXT } from '@comped/shared/validation/visits';
import {
  checkInClosedMessage,
  checkInLockedMessage,
  checkInOpensMessage,
  noShowClosedMessage,
  noShowNotYetMessage,
} from '@comped/shared/validation/visits';
import type { PageMeta } from '@comped/shared/paging';
import type { BookingResource } from '@comped/shared/schemas/resources';
import type { AppContext } from '../../context';
import { bookings, locations, tasks } from '../../db/schema';
import { appError } from '../../lib/app-error';
import type { AppError } from '../../lib/app-error';
import { MSG } from '@comped/shared/messages';
import { pageMeta, pageOffset } from '../../lib/paging';
import { serializeBooking, serializeBookings } from '../bookings/booking.serializer';
import { loadFacts } from '../bookings/bookings.service';
import { withdrawInvitation } from './invitations';
import {
  checkInWindow,
  disputeUntil,
  localWhen,
  noShowFrom,
  noShowRefusal,
  noShowUntil,
  sameCode,
} from './visit-times';
import { mailDisputeSettled, mailNoShow } from './visits.mails';

async function zoneOf(ctx: AppContext, locationId: number): Promise<string> {
  const [loc] = await ctx.db
    .select({ timeZone: locations.timeZone })
    .from(locations)
    .where(eq(locations.id, locationId))
    .limit(1);
  return loc?.timeZone ?? ctx.config.tzDefault;
}

type Outcome = { ok: true; row: typeof bookings.$inferSelect } | { ok: false; error: AppError };

/**
 * POST brands/{id}/bookings/{bookingId}/checkin {code}. The row is locked, so two taps at the door
 * count once. A wrong code is counted (committed) before the 422 goes out; the fifth in a row locks
 * check-in for 15 minutes. Outside the window nothing is counted.
 */
export async function checkIn(
  ctx: AppContext,
  brandId: number,
  bookingId: number,
  code: string,
): Promise<BookingResource> {
  const [head] = await ctx.db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  if (!head) throw appError('not_found');
  if (head.brandId !== brandId) throw appError('forbidden');
  const zone = await zoneOf(ctx, head.locationId);
  const outcome: Outcome = await ctx.db.transaction(async (tx) => {
    const [b] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1).for('update');
    if (!b) return { ok: false, error: appError('not_found') };
    const now = ctx.clock.now();
    if (b.checkedInAt) {
      return {
        ok: false,
        error: appError('already_checked_in', { message: VISIT_TEXT.alreadyCheckedIn, field: 'code' }),
      };
    }
    if ((b.status !== 'accepted' && b.status !== 'finished') || !b.checkInCode) {
      return { ok: false, error: appError('visit_not_accepted', { message: VISIT_TEXT.notCheckable, field: 'code' }) };
    }
    if (b.checkInLockedUntil && b.checkInLockedUntil.getTime() > now.getTime()) {
      const seconds = Math.ceil((b.checkInLockedUntil.getTime() - now.getTime()) / 1000);
      return {
        ok: false,
        error: appError('check_in_locked', {
          message: checkInLockedMessage(localWhen(b.checkInLockedUntil, zone)),
          field: 'code',
          headers: { 'Retry-After': String(seconds) },
        }),
      };
    }
    const { opensAt, closesAt } = checkInWindow(b.visitAt);
    if (now.getTime() < opensAt.getTime()) {
      return {
        ok: false,
        error: appError('check_in_not_open', { message: checkInOpensMessage(localWhen(opensAt, zone)), field: 'code' }),
      };
    }
    if (now.getTime() > closesAt.getTime()) {
      return {
        ok: false,
        error: appError('check_in_closed', { message: checkInClosedMessage(localWhen(closesAt, zone)), field: 'code' }),
      };
    }
    if (!sameCode(code, b.checkInCode)) {
      const failures = b.checkInFailures + 1;
      const lock = failures >= VISIT_RULES.maxWrongCodes;
      await tx
        .update(bookings)
        .set(
          lock
            ? { checkInFailures: 0, checkInLockedUntil: new Date(now.getTime() + VISIT_RULES.lockMinutes * 60_000) }
            : { checkInFailures: failures },
        )
        .where(eq(bookings.id, b.id));
      return { ok: false, error: appError('wrong_check_in_code', { message: VISIT_TEXT.wrongCode, field: 'code' }) };
    }
    const [updated] = await tx
      .update(bookings)
      .set({ checkedInAt: now, checkInFailures: 0, checkInLockedUntil: null, updatedAt: now })
      .where(eq(bookings.id, b.id))
      .returning();
    if (!updated) throw appError('not_found');
    return { ok: true, row: updated };
  });
  if (!outcome.ok) throw outcome.error;
  return serializeBooking(ctx.db, outcome.row, { side: 'brand', now: ctx.clock.now() });
}

/**
 * PUT brands/{id}/bookings/{bookingId} {"status": "no_show"}: from 2 hours to 7 days after the visit,
 * for an accepted (or since auto-finished, unrated) visit without check-in, whose dispute staff have
 * not settled (noShowRefusal). A completed task does not prevent it; the task closes, the media user
 * is told and may dispute, and the calendar invitation is withdrawn.
 */
export async function markNoShow(ctx: AppContext, brandId: number, bookingId: number): Promise<BookingResource> {
  const [head] = await ctx.db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  if (!head) throw appError('not_found');
  if (head.brandId !== brandId) throw appError('forbidden');
  const zone = await zoneOf(ctx, head.locationId);
  const row = await ctx.db.transaction(async (tx) => {
    const [b] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1).for('update');
    if (!b) throw appError('not_found');
    const now = ctx.clock.now();
    const field = { field: 'status' };
    switch (noShowRefusal(b, now)) {
      case 'checked_in':
        throw appError('visit_checked_in', { message: VISIT_TEXT.noShowCheckedIn, ...field });
      case 'settled':
        throw appError('visit_settled', { message: VISIT_TEXT.noShowSettled, ...field });
      case 'not_accepted':
        throw appError('visit_not_accepted', { message: VISIT_TEXT.noShowNotAccepted, ...field });
      case 'too_early':
        throw appError('no_show_too_early', {
          message: noShowNotYetMessage(localWhen(noShowFrom(b.visitAt), zone)),
          ...field,
        });
      case 'too_late':
        throw appError('no_show_window_closed', {
          message: noShowClosedMessage(localWhen(noShowUntil(b.visitAt), zone)),
          ...field,
        });
      case null:
        break;
    }
    const [task] = await tx.select().from(tasks).where(eq(tasks.bookingId, b.id)).limit(1);
    const [updated] = await tx
      .update(bookings)
      .set({ status: 'no_show', noShowAt: now, updatedAt: now })
      .where(eq(bookings.id, b.id))
      .returning();
    if (!updated) throw appError('not_found');
    if (task) await tx.update(tasks).set({ closedAt: now }).where(eq(tasks.id, task.id));
    const facts = await loadFacts(tx, updated);
    await mailNoShow(tx, ctx.config, facts, localWhen(disputeUntil(now), zone));
    await withdrawInvitation(tx, ctx.config, updated, facts, 'no_show', now);
    return updated;
  });
  return serializeBooking(ctx.db, row, { side: 'brand', now: ctx.clock.now() });
}

/** POST influencers/{id}/bookings/{bookingId}/dispute {note}: "I was there", within 48 hours, once. */
export async function disputeNoShow(
  ctx: AppContext,
  userId: number,
  bookingId: number,
  note: string,
): Promise<BookingResource> {
  const [head] = await ctx.db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  if (!head) throw appError('not_found');
  if (head.userId !== userId) throw appError('forbidden');
  const now = ctx.clock.now();
  const [updated] = await ctx.db.transaction(async (tx) => {
    const [b] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1).for('update');
    if (!b) throw appError('not_found');
    if (b.status !== 'no_show' || !b.noShowAt) {
      throw appError('not_a_no_show', { message: VISIT_TEXT.disputeNotNoShow, field: 'note' });
    }
    if (b.disputedAt) throw appError('already_disputed', { message: VISIT_TEXT.disputeTwice, field: 'note' });
    if (now.getTime() > disputeUntil(b.noShowAt).getTime()) {
      throw appError('dispute_window_closed', { message: VISIT_TEXT.disputeClosed, field: 'note' });
    }
    return tx
      .update(bookings)
      .set({ disputeNote: note, disputedAt: now, updatedAt: now })
      .where(eq(bookings.id, b.id))
      .returning();
  });
  if (!updated) throw appError('not_found');
  return serializeBooking(ctx.db, updated, { side: 'media', now });
}

/** GET admin/disputes?filter[status]=open|settled: newest first, paged. */
export async function listDisputes(
  ctx: AppContext,
  page: { number: number; size: number },
  status: 'open' | 'settled',
): Promise<{ data: BookingResource[]; meta: PageMeta }> {
  const where = and(
    isNotNull(bookings.disputedAt),
    status === 'open' ? isNull(bookings.disputeSettledAt) : isNotNull(bookings.disputeSettledAt),
  );
  const [total] = await ctx.db.select({ n: count() }).from(bookings).where(where);
  const rows = await ctx.db
    .select()
    .from(bookings)
    .where(where)
    .orderBy(desc(bookings.disputedAt), desc(bookings.id))
    .limit(page.size)
    .offset(pageOffset(page.number, page.size));
  return {
    data: await serializeBookings(ctx.db, rows, { side: 'brand', now: ctx.clock.now() }),
    meta: pageMeta(page.number, page.size, Number(total?.n ?? 0)),
  };
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, i = 0; e && i < 4; i++) {
    if ((e as { code?: string }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * POST admin/disputes/{bookingId}/settle {outcome}: the no-show stands, or the booking returns to
 * finished and its task opens again. The media user is told either way.
 */
export async function settleDispute(
  ctx: AppContext,
  bookingId: number,
  outcome: 'no_show' | 'finished',
): Promise<BookingResource> {
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const [b] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1).for('update');
      if (!b || !b.disputedAt) throw appError('not_found');
      if (b.disputeSettledAt) throw appError('dispute_already_settled', { message: VISIT_TEXT.disputeNotOpen });
      const now = ctx.clock.now();
      const [updated] = await tx
        .update(bookings)
        .set({
          disputeSettledAt: now,
          disputeOutcome: outcome,
          updatedAt: now,
          ...(outcome === 'finished' ? { status: 'finished' as const } : {}),
        })
        .where(eq(bookings.id, b.id))
        .returning();
      if (!updated) throw appError('not_found');
      if (outcome === 'finished') await tx.update(tasks).set({ closedAt: null }).where(eq(tasks.bookingId, b.id));
      await mailDisputeSettled(tx, ctx.config, await loadFacts(tx, updated), outcome);
      return updated;
    });
    return serializeBooking(ctx.db, row, { side: 'brand', now: ctx.clock.now() });
  } catch (err) {
    // The media user has booked the campaign again since: two live bookings cannot exist.
    if (isUniqueViolation(err)) {
      throw appError('conflict', { message: MSG.noShowStandsNewerBooking });
    }
    throw err;
  }
}
