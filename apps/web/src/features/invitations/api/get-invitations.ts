import { invitationResourceSchema } from '@comped/shared/schemas/directory';
import { dataOf } from '@comped/shared/schemas/envelopes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { apiParse } from '../../../lib/api-client';

export const invitationKeys = { all: ['invitations'] as const };

/** GET influencers/{id}/invitations. */
export function getInvitations(userId: number) {
  return apiParse(`influencers/${userId}/invitations`, dataOf(z.array(invitationResourceSchema)));
}

export function useInvitations(userId: number) {
  return useQuery({ queryKey: [...invitationKeys.all, userId], queryFn: () => getInvitations(userId) });
}

/** PUT influencers/{id}/invitations/{invId} {"status": "declined"}. */
export function declineInvitation(userId: number, invitationId: number) {
  return apiParse(`influencers/${userId}/invitations/${invitationId}`, dataOf(invitationResourceSchema), {
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
