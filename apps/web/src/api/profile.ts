import { dataOf } from '@comped/shared/schemas/envelopes';
import type { SessionUser } from '@comped/shared/schemas/session';
import { sessionUserSchema } from '@comped/shared/schemas/session';

import type { RequestOptions } from '../lib/api-client';
import { apiParse } from '../lib/api-client';

export const profileAnswerSchema = dataOf(sessionUserSchema);

/** GET profile: the signed-in user (the session reloads it after a subscription or a profile change). */
export async function getProfile(opts: RequestOptions = {}): Promise<SessionUser> {
  return (await apiParse('profile', profileAnswerSchema, opts)).data;
}
