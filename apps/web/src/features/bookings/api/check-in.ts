import type { BookingResource } from '@comped/shared/schemas/resources';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { bookingKeys } from '../../../api/bookings';
import { apiParse } from '../../../lib/api-client';

/** POST brands/{id}/bookings/{bookingId}/checkin {code}. */
export function checkInBooking(brandId: number, bookingId: number, code: string): Promise<{ data: BookingResource }> {
  return apiParse(`brands/${brandId}/bookings/${bookingId}/checkin`, 'booking', {
    method: 'POST',
    body: { code },
  });
}

export function useCheckIn(brandId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { bookingId: number; code: string }) => checkInBooking(brandId, v.bookingId, v.code),
    onSuccess: () => qc.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
