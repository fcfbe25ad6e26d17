import type { BookingResource } from '@comped/shared/schemas/resources';
import type { BookingRequestInput } from '@comped/shared/validation/booking';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { bookingKeys } from '../../../api/bookings';
import { campaignKeys } from '../../../api/campaigns';
import { apiParse } from '../../../lib/api-client';

/** POST bookings {campaign_id, location_id, booking_date, booking_time, guests}. */
export function createBooking(body: BookingRequestInput): Promise<{ data: BookingResource }> {
  return apiParse('bookings', 'booking', { method: 'POST', body });
}

export function useCreateBooking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    // The campaign's details carry the user's own booking of it (`my_booking`): read again when next
    // shown, not under the open booking form (its result dialog would go with it).
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: bookingKeys.all }),
        qc.invalidateQueries({ queryKey: campaignKeys.details(), refetchType: 'none' }),
      ]),
  });
}
