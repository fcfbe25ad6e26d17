import { dataOf } from '@comped/shared/schemas/envelopes';
import type { SessionUser } from '@comped/shared/schemas/session';

import type { RequestOptions } from '../lib/api-client';
import { apiParse, lazySchema } from '../lib/api-client';

export const profileAnswerSchema = lazySchema(
  () => import('@comped/shared/schemas/session'),
  (m) => dataOf(m.sessionUserSchema),
);

/** GET profile: the signed-in user (the session reloads it after a subscription or a profile change). */
export async function getProfile(opts: RequestOptions = {}): Promise<SessionUser> {
  return (await apiParse('profile', profileAnswerSchema, opts)).data;
}
