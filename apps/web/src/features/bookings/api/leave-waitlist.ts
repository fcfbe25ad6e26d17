import { useMutation, useQueryClient } from '@tanstack/react-query';

import { bookingKeys } from '../../../api/bookings';
import { apiParse } from '../../../lib/api-client';

/** DELETE influencers/{id}/waitlist/{entryId} (issue 30). */
export async function leaveWaitlist(userId: number, entryId: number): Promise<void> {
  await apiParse(`influencers/${userId}/waitlist/${entryId}`, 'noContent', { method: 'DELETE' });
}

export function useLeaveWaitlist(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (entryId: number) => leaveWaitlist(userId, entryId),
    onSettled: () => qc.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
