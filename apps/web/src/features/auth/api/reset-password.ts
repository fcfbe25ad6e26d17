import type { MessageResponse } from '@comped/shared/schemas/envelopes';
import type { ResetPasswordInput } from '@comped/shared/validation/auth';
import { useMutation } from '@tanstack/react-query';

import { apiParse } from '../../../lib/api-client';

/** POST resetpassword {email}: answers the same for every address. */
export function resetPassword(body: ResetPasswordInput): Promise<MessageResponse> {
  return apiParse('resetpassword', 'statusMessage', { method: 'POST', body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
