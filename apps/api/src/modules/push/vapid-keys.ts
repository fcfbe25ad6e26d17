import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';

import type { AppContext } from '../../context';
import { ensureSetting } from '../../lib/app-settings';

export interface VapidKeys {
  /** Uncompressed P-256 point, base64url: the `applicationServerKey` browsers subscribe with. */
  publicKey: string;
  privateKey: string;
}

const SETTING = 'vapid_keys';
const cache = new WeakMap<AppContext, Promise<VapidKeys>>();

async function storedKeys(ctx: AppContext): Promise<{ keys: VapidKeys; created: boolean }> {
  const { value, created } = await ensureSetting(ctx.db, SETTING, () => {
    const pair = webpush.generateVAPIDKeys();
    return { publicKey: pair.publicKey, privateKey: pair.privateKey };
  });
  if (!value.publicKey || !value.privateKey) throw new Error(`app setting ${SETTING} is incomplete`);
  return { keys: { publicKey: value.publicKey, privateKey: value.privateKey }, created };
}

/**
 * At start (under the migration lock, app.ts): without VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, a key
 * pair is generated once and stored, so every node signs with the same pair and subscriptions made
 * through one node are served by all. The public key is logged when it is made; the private key
 * never is.
 */
export async function ensureVapidKeys(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  if (ctx.config.push.vapidKeys) return;
  const { keys, created } = await storedKeys(ctx);
  if (created) {
    log.info(
      `Web push: a VAPID key pair was generated and stored (public key ${keys.publicKey}); set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY to choose your own`,
    );
  }
}

/** The pair this server signs pushes with: the environment's, else the stored one (read once per app). */
export function vapidKeys(ctx: AppContext): Promise<VapidKeys> {
  if (ctx.config.push.vapidKeys) return Promise.resolve(ctx.config.push.vapidKeys);
  let keys = cache.get(ctx);
  if (!keys) {
    keys = storedKeys(ctx).then((r) => r.keys);
    void keys.catch(() => cache.delete(ctx));
    cache.set(ctx, keys);
  }
  return keys;
}
