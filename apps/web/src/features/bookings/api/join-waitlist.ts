import type { WaitlistEntryResource } from '@comped/shared/schemas/slots';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { bookingKeys } from '../../../api/bookings';
import { apiParse } from '../../../lib/api-client';

/** POST influencers/{id}/campaigns/{campaignId}/waitlist {location_id, date} (issue 30). */
export function joinWaitlist(
  userId: number,
  campaignId: number,
  body: { location_id: number; date: string },
): Promise<{ data: WaitlistEntryResource }> {
  return apiParse(`influencers/${userId}/campaigns/${campaignId}/waitlist`, 'waitlistEntry', {
    method: 'POST',
    body,
  });
}

export function useJoinWaitlist(userId: number, campaignId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { location_id: number; date: string }) => joinWaitlist(userId, campaignId, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
