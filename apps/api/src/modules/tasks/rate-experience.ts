import { MSG } from '@comped/shared/messages';
import { and, eq, isNull } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { bookings } from '../../db/schema';
import { appError } from '../../lib/app-error';
import { VISITED_STATUSES } from './task-queries';
import { assertOwnedBy } from './tasks.policy';

export interface ExperienceRating {
  rate_vibe: number;
  rate_food: number;
  rate_service: number;
  rate_general: number;
}

/** POST bookings/{id}/rate_experience: the booking's media user, after the visit, once. */
export async function rateExperience(ctx: AppContext, userId: number, bookingId: number, input: ExperienceRating) {
  const now = ctx.clock.now();
  const [booking] = await ctx.db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  if (!booking) throw appError('not_found');
  assertOwnedBy(booking, userId);
  if (!(VISITED_STATUSES as readonly string[]).includes(booking.status)) {
    throw appError('visit_not_passed', { message: MSG.bookingNotVisited });
  }
  if (booking.experienceRatedAt) throw appError('experience_already_rated');
  if (now.getTime() < booking.visitAt.getTime())
    throw appError('visit_not_passed', { message: MSG.experienceBeforeVisit });
  const [updated] = await ctx.db
    .update(bookings)
    .set({
      rateVibe: input.rate_vibe,
      rateFood: input.rate_food,
      rateService: input.rate_service,
      rateGeneral: input.rate_general,
      experienceRatedAt: now,
      updatedAt: now,
    })
    .where(and(eq(bookings.id, bookingId), isNull(bookings.experienceRatedAt)))
    .returning();
  if (!updated) throw appError('experience_already_rated');
  return {
    id: updated.id,
    rate_vibe: updated.rateVibe,
    rate_food: updated.rateFood,
    rate_service: updated.rateService,
    rate_general: updated.rateGeneral,
    rated_at: now.toISOString(),
  };
}
