import type { MemberResource } from '@comped/shared/validation/members';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiParse } from '../../../lib/api-client';

export const memberKeys = {
  all: ['members'] as const,
  list: (brandId: number) => ['members', brandId] as const,
};

/** GET brands/{id}/members: invitations and members (the owner's). */
export async function getMembers(brandId: number): Promise<MemberResource[]> {
  return (await apiParse(`brands/${brandId}/members`, 'members')).data;
}

export function membersQuery(brandId: number) {
  return queryOptions({ queryKey: memberKeys.list(brandId), queryFn: () => getMembers(brandId) });
}

export function useMembers(brandId: number) {
  return useQuery(membersQuery(brandId));
}
