import type { LoginResponse } from '@comped/shared/schemas/session';
import type { MemberAcceptInput } from '@comped/shared/validation/members';
import { useMutation } from '@tanstack/react-query';

import { apiParse, lazySchema } from '../../../lib/api-client';

const loginAnswerSchema = lazySchema(
  () => import('@comped/shared/schemas/session'),
  (m) => m.loginResponseSchema,
);

/** POST members/accept {token, name, password}: creates the member's account, answers signed in. */
export function acceptInvitation(body: MemberAcceptInput): Promise<LoginResponse> {
  return apiParse('members/accept', loginAnswerSchema, { method: 'POST', body });
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
