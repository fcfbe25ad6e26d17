import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for a browser push service (RFC 8030) and the browser behind it, for tests: an
 * HTTP server that records every message POSTed to it and answers a chosen status, and browsers
 * whose keys it holds, so a test can check the VAPID signature (RFC 8292) and decrypt the payload
 * (RFC 8291, aes128gcm of RFC 8188) written here with node:crypto alone, independently of the
 * web-push library that made them.
 */
export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface StandInBrowser {
  /** What `PushSubscription.toJSON()` gives. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** Decrypts a message sent to this browser (throws if it was not encrypted for it). */
  decrypt(body: Buffer): string;
}

export interface PushServiceStandIn {
  origin: string;
  received: ReceivedPush[];
  /** A browser subscribed through this service, at `/push/<name>`. */
  browser(name: string): StandInBrowser;
  /** The status the service answers for a path from now on (default 201). */
  answer(path: string, status: number): void;
  /** Resolves once `count` messages have arrived in all. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

export async function startPushServiceStandIn(): Promise<PushServiceStandIn> {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const waiters: (() => void)[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = statuses.get(path) ?? 201;
      res.end();
      for (const wake of waiters.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    browser: (name) => standInBrowser(`${origin}/push/${name}`),
    answer: (path, status) => statuses.set(path, status),
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`push stand-in: ${received.length} of ${count} messages arrived`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser's push keys: a P-256 key pair and a 16-byte authentication secret. */
export function standInBrowser(endpoint: string): StandInBrowser {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    subscription: {
      endpoint,
      keys: { p256dh: publicKey.toString('base64url'), auth: authSecret.toString('base64url') },
    },
    decrypt: (body) => decryptAes128gcm(body, ecdh.getPrivateKey(), publicKey, authSecret),
  };
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/**
 * RFC 8291 section 3.4 and RFC 8188: the header (salt, record size, the sender's public key), then
 * one record; the key and nonce come from the ECDH secret and the browser's auth secret.
 */
export function decryptAes128gcm(body: Buffer, uaPrivate: Buffer, uaPublic: Buffer, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const asPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (record.length > recordSize) throw new Error('push payload: more than one record');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(uaPrivate);
  const ecdhSecret = ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hkdf(authSecret, ecdhSecret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then any padding of zeros.
  const end = plain.lastIndexOf(2);
  if (end < 0 || plain.subarray(end + 1).some((b) => b !== 0)) throw new Error('push payload: bad padding');
  return plain.subarray(0, end).toString('utf8');
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/**
 * RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`. The JWT must be ES256-signed by the key
 * `k`, which must be `publicKey` (the server's); its claims are returned for the test to check.
 */
export function verifyVapid(authorization: string | undefined, publicKey: string): VapidClaims {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!m) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, jwt, k] = m as unknown as [string, string, string];
  if (k !== publicKey) throw new Error('VAPID key is not the server key');
  const [header, payload, signature] = jwt.split('.') as [string, string, string];
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256')
    throw new Error('VAPID JWT is not ES256');
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('VAPID JWT signature does not verify');
  return JSON.parse(Buffer.from(payload, 'base64url').toString()) as VapidClaims;
}
