/**
 * The one Cache Storage cache that holds anything of a user's: the answers a page keeps to show
 * offline (today the visit pass, lib/pwa/offline-pass.ts). The service worker keeps only the build.
 */
export const OFFLINE_CACHE = 'comped-offline-v1';

/**
 * Deletes every answer kept for offline use: at sign-out, when another tab signs out or in as
 * someone else, and when the server says the sign-in has ended (401).
 */
export async function forgetOfflineData(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(OFFLINE_CACHE).catch(() => false);
}
