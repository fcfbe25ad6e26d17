import type { BookingResource } from '@comped/shared/schemas/resources';
import type { RateInfluencerInput } from '@comped/shared/validation/booking';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { bookingKeys } from '../../../api/bookings';
import { apiParse } from '../../../lib/api-client';

/** POST bookings/{id}/rate_influencer {rate, review}. */
export function rateInfluencer(bookingId: number, body: RateInfluencerInput): Promise<{ data: BookingResource }> {
  return apiParse(`bookings/${bookingId}/rate_influencer`, 'booking', { method: 'POST', body });
}

export function useRateInfluencer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { bookingId: number; body: RateInfluencerInput }) => rateInfluencer(v.bookingId, v.body),
    onSuccess: () => qc.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
