import { pushKeyResourceSchema } from '@comped/shared/schemas/devices';
import { dataOf } from '@comped/shared/schemas/envelopes';

import { apiParse } from '../../../lib/api-client';

/** GET push/key: the server's VAPID public key, which this browser subscribes with. */
export async function getPushKey(): Promise<string> {
  return (await apiParse('push/key', dataOf(pushKeyResourceSchema))).data.public_key;
}
