import type { MemberResource, MemberUpdateInput } from '@comped/shared/validation/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiParse } from '../../../lib/api-client';
import { memberKeys } from './members';

/** PUT brands/{id}/members/{memberId} {role, location_ids}. */
export async function updateMember(
  brandId: number,
  memberId: number,
  body: MemberUpdateInput,
): Promise<MemberResource> {
  return (await apiParse(`brands/${brandId}/members/${memberId}`, 'member', { method: 'PUT', body })).data;
}

export function useUpdateMember(brandId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { memberId: number; body: MemberUpdateInput }) => updateMember(brandId, v.memberId, v.body),
    onSuccess: () => qc.invalidateQueries({ queryKey: memberKeys.list(brandId) }),
  });
}
