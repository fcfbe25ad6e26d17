import type { BookingResource } from '@comped/shared/schemas/resources';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { bookingKeys } from '../../../api/bookings';
import { campaignKeys } from '../../../api/campaigns';
import { apiParse } from '../../../lib/api-client';

export type BrandBookingStatus = 'accepted' | 'declined' | 'no_show';

/** PUT brands/{id}/bookings/{bookingId} {status: accepted | declined | no_show}. */
export function answerBooking(
  brandId: number,
  bookingId: number,
  status: BrandBookingStatus,
): Promise<{ data: BookingResource }> {
  return apiParse(`brands/${brandId}/bookings/${bookingId}`, 'booking', { method: 'PUT', body: { status } });
}

/** PUT influencers/{id}/bookings/{bookingId} {status: cancelled}. */
export function cancelBooking(userId: number, bookingId: number): Promise<{ data: BookingResource }> {
  return apiParse(`influencers/${userId}/bookings/${bookingId}`, 'booking', {
    method: 'PUT',
    body: { status: 'cancelled' },
  });
}

export function useAnswerBooking(brandId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { bookingId: number; status: BrandBookingStatus }) => answerBooking(brandId, v.bookingId, v.status),
    onSettled: () => qc.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}

export function useCancelBooking(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (bookingId: number) => cancelBooking(userId, bookingId),
    // The campaign's details carry the user's own booking of it (`my_booking`): read again when next
    // shown, not under the open booking form (its result dialog would go with it).
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: bookingKeys.all }),
        qc.invalidateQueries({ queryKey: campaignKeys.details(), refetchType: 'none' }),
      ]),
  });
}
