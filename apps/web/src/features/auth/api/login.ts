import type { LoginResponse } from '@comped/shared/schemas/session';
import type { LoginInput } from '@comped/shared/validation/auth';

import { apiParse } from '../../../lib/api-client';

/**
 * POST login {email, password}. A plain call, not a TanStack Query mutation: /login is the one page
 * without the query client, which loads with the other routes (app/layouts/query-route.tsx).
 */
export function login(body: LoginInput): Promise<LoginResponse> {
  return apiParse('login', 'login', { method: 'POST', body });
}
