import type { MemberInvitationResource } from '@comped/shared/validation/members';
import { useQuery } from '@tanstack/react-query';

import { apiParse } from '../../../lib/api-client';

/** POST members/invitation {token}: what the link invites to, or why it cannot be used (422). */
export async function readInvitation(token: string): Promise<MemberInvitationResource> {
  return (await apiParse('members/invitation', 'memberInvitation', { method: 'POST', body: { token } })).data;
}

/** The invitation of /join's link, read once the page knows nobody is signed in. */
export function useInvitation(token: string, enabled: boolean) {
  return useQuery({
    queryKey: ['member-invitation', token],
    queryFn: () => readInvitation(token),
    enabled,
    staleTime: Infinity,
  });
}
