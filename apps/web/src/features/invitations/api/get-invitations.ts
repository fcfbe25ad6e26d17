import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiParse } from '../../../lib/api-client';

export const invitationKeys = { all: ['invitations'] as const };

/** GET influencers/{id}/invitations. */
export function getInvitations(userId: number) {
  return apiParse(`influencers/${userId}/invitations`, 'invitations');
}

export function useInvitations(userId: number) {
  return useQuery({ queryKey: [...invitationKeys.all, userId], queryFn: () => getInvitations(userId) });
}

/** PUT influencers/{id}/invitations/{invId} {"status": "declined"}. */
export function declineInvitation(userId: number, invitationId: number) {
  return apiParse(`influencers/${userId}/invitations/${invitationId}`, 'invitation', {
    method: 'PUT',
    body: { status: 'declined' },
  });
}

export function useDeclineInvitation(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: number) => declineInvitation(userId, invitationId),
    onSettled: () => client.invalidateQueries({ queryKey: invitationKeys.all }),
  });
}
