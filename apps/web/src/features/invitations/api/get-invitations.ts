import { dataOf } from '@comped/shared/schemas/envelopes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiParse, lazySchema } from '../../../lib/api-client';

const invitationListSchema = lazySchema(
  () => import('@comped/shared/schemas/directory'),
  (m) => dataOf(m.invitationResourceSchema.array()),
);
const invitationAnswerSchema = lazySchema(
  () => import('@comped/shared/schemas/directory'),
  (m) => dataOf(m.invitationResourceSchema),
);

export const invitationKeys = { all: ['invitations'] as const };

/** GET influencers/{id}/invitations. */
export function getInvitations(userId: number) {
  return apiParse(`influencers/${userId}/invitations`, invitationListSchema);
}

export function useInvitations(userId: number) {
  return useQuery({ queryKey: [...invitationKeys.all, userId], queryFn: () => getInvitations(userId) });
}

/** PUT influencers/{id}/invitations/{invId} {"status": "declined"}. */
export function declineInvitation(userId: number, invitationId: number) {
  return apiParse(`influencers/${userId}/invitations/${invitationId}`, invitationAnswerSchema, {
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
