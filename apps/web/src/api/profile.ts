import type { SessionUser } from '@comped/shared/schemas/session';

import type { RequestOptions } from '../lib/api-client';
import { apiParse } from '../lib/api-client';

/** GET profile: the signed-in user (the session reloads it after a subscription or a profile change). */
export async function getProfile(opts: RequestOptions = {}): Promise<SessionUser> {
  return (await apiParse('profile', 'profile', opts)).data;
}
