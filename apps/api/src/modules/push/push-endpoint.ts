import { isIP } from 'node:net';

import type { Config } from '../../config';

/** `localhost`, 127.0.0.0/8 and ::1: a push service stand-in on this machine (tests only). */
function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}

/** `fcm.googleapis.com` is itself; `*.notify.windows.com` is any subdomain of notify.windows.com. */
function hostMatches(host: string, pattern: string): boolean {
  if (!pattern.startsWith('*.')) return host === pattern;
  const suffix = pattern.slice(1);
  return host.endsWith(suffix) && host.length > suffix.length;
}

/**
 * Whether the server may send pushes to `endpoint` (docs/security.md, "Push endpoints"): https on
 * the default port, no credentials in the address, and a host of PUSH_ALLOWED_HOSTS. The server
 * then only ever sends requests to the browsers' push services, never to an address a user chose.
 * With PUSH_ALLOW_LOOPBACK (tests, never production) a loopback address is accepted too, over http
 * or https on any port: the local push service stand-in.
 */
export function isAllowedPushEndpoint(endpoint: string, push: Config['push']): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  if (push.allowLoopback && isLoopback(host)) return url.protocol === 'https:' || url.protocol === 'http:';
  if (url.protocol !== 'https:' || url.port !== '') return false;
  return push.allowedHosts.some((pattern) => hostMatches(host, pattern));
}
