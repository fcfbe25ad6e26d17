import { useMutation } from '@tanstack/react-query';
import { loginResponseSchema } from '@comped/shared/schemas/session';
import type { LoginResponse } from '@comped/shared/schemas/session';
import type { LoginInput } from '@comped/shared/validation/auth';
import { apiParse } from '../../../lib/api-client';

/** POST login {email, password}. */
export function login(body: LoginInput): Promise<LoginResponse> {
  return apiParse('login', loginResponseSchema, { method: 'POST', body });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
