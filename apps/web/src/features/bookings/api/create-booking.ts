import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingResource } from '@comped/shared/schemas/resources';
import type { BookingRequestInput } from '@comped/shared/validation/booking';
import { api } from '../../../lib/api-client';
import { bookingKeys } from './keys';

/** POST bookings {campaign_id, location_id, booking_date, booking_time, guests}. */
export function createBooking(body: BookingRequestInput): Promise<{ data: BookingResource }> {
  return api('bookings', { method: 'POST', body });
}

export function useCreateBooking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    onSettled: () => qc.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
