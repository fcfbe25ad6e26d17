import type { BookingResource } from '@comped/shared/schemas/resources';
import type { ProposalInput } from '@comped/shared/validation/slots';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { bookingKeys } from '../../../api/bookings';
import { apiParse } from '../../../lib/api-client';

/** POST brands/{id}/bookings/{bookingId}/proposal {booking_date, booking_time, note} (issue 30). */
export function proposeBookingTime(
  brandId: number,
  bookingId: number,
  body: ProposalInput,
): Promise<{ data: BookingResource }> {
  return apiParse(`brands/${brandId}/bookings/${bookingId}/proposal`, 'booking', {
    method: 'POST',
    body,
  });
}

export function useProposeBookingTime(brandId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { bookingId: number } & ProposalInput) =>
      proposeBookingTime(brandId, v.bookingId, {
        booking_date: v.booking_date,
        booking_time: v.booking_time,
        note: v.note,
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}

/** POST brands/{id}/bookings/{bookingId}/availablehours {date}: the week the brand's slot picker offers. */
export function proposalWeekQuery(brandId: number, bookingId: number, date: string) {
  return queryOptions({
    queryKey: [...bookingKeys.all, 'proposal-week', brandId, bookingId, date] as const,
    queryFn: () =>
      apiParse(`brands/${brandId}/bookings/${bookingId}/availablehours`, 'weekAvailability', {
        method: 'POST',
        body: { date },
      }).then((r) => r.data),
    staleTime: 15_000,
  });
}

export function useProposalWeek(brandId: number, bookingId: number, date: string | null) {
  return useQuery({ ...proposalWeekQuery(brandId, bookingId, date ?? ''), enabled: date !== null });
}
