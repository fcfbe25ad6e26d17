import type { BookingResource } from '@comped/shared/schemas/resources';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { bookingKeys } from '../../../api/bookings';
import { apiParse } from '../../../lib/api-client';

/** POST influencers/{id}/bookings/{bookingId}/proposal/accept | decline (issue 30). */
export function answerProposal(
  userId: number,
  bookingId: number,
  answer: 'accept' | 'decline',
): Promise<{ data: BookingResource }> {
  return apiParse(`influencers/${userId}/bookings/${bookingId}/proposal/${answer}`, 'booking', {
    method: 'POST',
  });
}

export function useAnswerProposal(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { bookingId: number; answer: 'accept' | 'decline' }) =>
      answerProposal(userId, v.bookingId, v.answer),
    onSettled: () => qc.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
