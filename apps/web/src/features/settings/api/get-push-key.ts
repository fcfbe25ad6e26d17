import { dataOf } from '@comped/shared/schemas/envelopes';

import { apiParse, lazySchema } from '../../../lib/api-client';

const pushKeyAnswerSchema = lazySchema(
  () => import('@comped/shared/schemas/devices'),
  (m) => dataOf(m.pushKeyResourceSchema),
);

/** GET push/key: the server's VAPID public key, which this browser subscribes with. */
export async function getPushKey(): Promise<string> {
  return (await apiParse('push/key', pushKeyAnswerSchema)).data.public_key;
}
