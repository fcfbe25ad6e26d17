import type { RateExperienceInput } from '@comped/shared/validation/task';

import { ApiError, apiParse } from '../../../lib/api-client';

/** POST bookings/{id}/rate_experience {rate_vibe, rate_food, rate_service, rate_general}. */
export function rateExperience(bookingId: number, input: RateExperienceInput) {
  return apiParse(`bookings/${bookingId}/rate_experience`, 'experienceRating', {
    method: 'POST',
    body: input,
  });
}

/** One rating for all four categories; an experience already rated is not an error here. */
export async function rateExperienceAll(bookingId: number, rating: number): Promise<void> {
  try {
    await rateExperience(bookingId, {
      rate_vibe: rating,
      rate_food: rating,
      rate_service: rating,
      rate_general: rating,
    });
  } catch (err) {
    if (err instanceof ApiError && err.code === 'experience_already_rated') return;
    throw err;
  }
}
