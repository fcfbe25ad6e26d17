import type { BookingResource } from '@comped/shared/schemas/resources';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { bookingKeys } from '../../../api/bookings';
import { apiParse } from '../../../lib/api-client';

/** POST influencers/{id}/bookings/{bookingId}/confirm: "I'm coming", from 24 hours before (issue 30). */
export function confirmVisit(userId: number, bookingId: number): Promise<{ data: BookingResource }> {
  return apiParse(`influencers/${userId}/bookings/${bookingId}/confirm`, 'booking', {
    method: 'POST',
  });
}

export function useConfirmVisit(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (bookingId: number) => confirmVisit(userId, bookingId),
    onSettled: () => qc.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
