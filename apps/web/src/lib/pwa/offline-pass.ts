import { sessionToken } from '../session';
import { OFFLINE_CACHE } from './offline-data';

/**
 * An API answer a page keeps so it can show it offline (the visit pass: venue, time, the check-in
 * code and its QR). Kept in the one offline cache, under a key of the sign-in that read it (a digest
 * of its token), so another account on this browser never gets it; sign-out deletes the cache
 * (lib/pwa/offline-data.ts). Nothing is kept where Cache Storage or WebCrypto is missing (a page not
 * served over https).
 */
async function keyOf(path: string): Promise<string | null> {
  const token = sessionToken();
  if (!token || typeof caches === 'undefined' || !globalThis.crypto?.subtle) return null;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  const hex = [...new Uint8Array(digest).slice(0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `/__offline__/${hex}/${path.replace(/^\//, '')}`;
}

/** Keeps `data`, the answer of `path` (an API path, `influencers/1/bookings/2`), for offline use. */
export async function keepOffline(path: string, data: unknown): Promise<void> {
  const key = await keyOf(path);
  if (!key) return;
  const cache = await caches.open(OFFLINE_CACHE);
  await cache.put(key, new Response(JSON.stringify(data), { headers: { 'content-type': 'application/json' } }));
}

/** The answer kept for `path` by this sign-in, or undefined. */
export async function keptOffline(path: string): Promise<unknown> {
  const key = await keyOf(path);
  if (!key) return undefined;
  const cache = await caches.open(OFFLINE_CACHE);
  const kept = await cache.match(key);
  return kept ? ((await kept.json()) as unknown) : undefined;
}

/** Forgets the answer of `path` (it is gone on the server: 403, 404). */
export async function dropOffline(path: string): Promise<void> {
  const key = await keyOf(path);
  if (!key) return;
  const cache = await caches.open(OFFLINE_CACHE);
  await cache.delete(key);
}
