import type { LoginResponse } from '@comped/shared/schemas/session';
import type { LoginInput } from '@comped/shared/validation/auth';

import { apiParseLazy } from '../../../lib/api-client';

/** The answer's schema, loaded beside the request: /login's first download carries no zod. */
const loadSchema = () => import('@comped/shared/schemas/session').then((m) => m.loginResponseSchema);

/** Starts loading the answer's schema before the form is sent. */
export function preloadLogin(): void {
  void loadSchema().catch(() => undefined);
}

/**
 * POST login {email, password}. A plain call, not a TanStack Query mutation: /login is the one page
 * without the query client, which loads with the other routes (app/layouts/query-route.tsx).
 */
export function login(body: LoginInput): Promise<LoginResponse> {
  return apiParseLazy('login', loadSchema, { method: 'POST', body });
}
