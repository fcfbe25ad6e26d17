import type { BookingResource } from '@comped/shared/schemas/resources';
import type { BookingRequestInput } from '@comped/shared/validation/booking';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { bookingKeys } from '../../../api/bookings';
import { apiParse } from '../../../lib/api-client';

/** POST bookings {campaign_id, location_id, booking_date, booking_time, guests}. */
export function createBooking(body: BookingRequestInput): Promise<{ data: BookingResource }> {
  return apiParse('bookings', 'booking', { method: 'POST', body });
}

export function useCreateBooking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    onSettled: () => qc.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
