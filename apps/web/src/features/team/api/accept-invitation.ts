import type { LoginResponse } from '@comped/shared/schemas/session';
import type { MemberAcceptInput } from '@comped/shared/validation/members';
import { useMutation } from '@tanstack/react-query';

import { apiParse } from '../../../lib/api-client';

/** POST members/accept {token, name, password}: creates the member's account, answers signed in. */
export function acceptInvitation(body: MemberAcceptInput): Promise<LoginResponse> {
  return apiParse('members/accept', 'login', { method: 'POST', body });
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
