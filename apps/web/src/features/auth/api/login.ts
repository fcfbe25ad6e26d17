import { useMutation } from '@tanstack/react-query';
import type { LoginResponse } from '@comped/shared/schemas/session';
import type { LoginInput } from '@comped/shared/validation/auth';
import { api } from '../../../lib/api-client';

/** POST login {email, password}. */
export function login(body: LoginInput): Promise<LoginResponse> {
  return api<LoginResponse>('login', { method: 'POST', body });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
