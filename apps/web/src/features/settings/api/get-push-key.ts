import { apiParse } from '../../../lib/api-client';

/** GET push/key: the server's VAPID public key, which this browser subscribes with. */
export async function getPushKey(): Promise<string> {
  return (await apiParse('push/key', 'pushKey')).data.public_key;
}
