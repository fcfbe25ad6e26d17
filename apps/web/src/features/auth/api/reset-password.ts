import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordInput } from '@comped/shared/validation/auth';
import { api } from '../../../lib/api-client';

/** POST resetpassword {email}: answers the same for every address. */
export function resetPassword(body: ResetPasswordInput): Promise<{ message: string }> {
  return api('resetpassword', { method: 'POST', body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
