import type { BookingResource } from '@comped/shared/schemas/resources';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { bookingKeys } from '../../../api/bookings';
import { apiParse } from '../../../lib/api-client';

/** POST influencers/{id}/bookings/{bookingId}/dispute {note}: "I was there". */
export function disputeNoShow(userId: number, bookingId: number, note: string): Promise<{ data: BookingResource }> {
  return apiParse(`influencers/${userId}/bookings/${bookingId}/dispute`, 'booking', {
    method: 'POST',
    body: { note },
  });
}

export function useDisputeNoShow(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { bookingId: number; note: string }) => disputeNoShow(userId, v.bookingId, v.note),
    onSuccess: () => qc.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
