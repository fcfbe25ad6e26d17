import type { MemberInviteInput, MemberResource } from '@comped/shared/validation/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiParse } from '../../../lib/api-client';
import { memberKeys } from './members';

/** POST brands/{id}/members {email, role, location_ids}: mails the invitation. */
export async function inviteMember(brandId: number, body: MemberInviteInput): Promise<MemberResource> {
  return (await apiParse(`brands/${brandId}/members`, 'member', { method: 'POST', body })).data;
}

export function useInviteMember(brandId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: MemberInviteInput) => inviteMember(brandId, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: memberKeys.list(brandId) }),
  });
}
