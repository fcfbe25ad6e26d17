import { useMutation } from '@tanstack/react-query';
import type { LoginResponse } from '@comped/shared/schemas/session';
import type { LoginInput } from '@comped/shared/validation/auth';
import { apiParseLazy } from '../../../lib/api-client';

/** The answer's schema, loaded beside the request: /login's first download carries no zod. */
const loadSchema = () => import('@comped/shared/schemas/session').then((m) => m.loginResponseSchema);

/** Starts loading the answer's schema before the form is sent. */
export function preloadLogin(): void {
  void loadSchema().catch(() => undefined);
}

/** POST login {email, password}. */
export function login(body: LoginInput): Promise<LoginResponse> {
  return apiParseLazy('login', loadSchema, { method: 'POST', body });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
