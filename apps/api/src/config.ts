import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { z } from 'zod';

import { DEFAULT_WEB_DIST } from './package-paths';

/** An IPv4 or IPv6 address, or a CIDR range of one (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrCidr(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY, as Fastify's `trustProxy` takes it: unset, `false` or `0` (the socket address is the
 * client's; X-Forwarded-For is ignored), `true` (trust every hop: only when nothing but the proxy can
 * reach the node), a hop count (`1`: the nearest proxy), or a comma list of proxy addresses/CIDRs.
 */
export type TrustProxy = boolean | number | string[];
/**
 * TRUST_PROXY as Fastify's `trustProxy` option. Fastify 5 refuses a bare hop count (it cannot check
 * the nearest peer), so a count becomes "believe the first N hops": the address N hops from the
 * node is the client's. A count is only for a node that nothing but the proxy can reach; a list of
 * the proxies' addresses is the safer setting (docs/security.md).
 */
export function fastifyTrustProxy(value: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  const hops = value;
  return (_address, hop) => hop < hops;
}

/**
 * The browsers' push services (issue 29): Chrome, Edge on Android, Samsung Internet and Opera use
 * Firebase Cloud Messaging; Firefox Mozilla's autopush; Edge on Windows the Windows Push
 * Notification Services; Safari Apple's (`web.push.apple.com`, under `*.push.apple.com`).
 */
export const DEFAULT_PUSH_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.notify.windows.com',
  'web.push.apple.com',
  '*.push.apple.com',
];

/** A host name (`fcm.googleapis.com`) or a wildcard of its subdomains (`*.notify.windows.com`). */
const HOST_PATTERN = /^(\*\.)?([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/;

const pushHostsSchema = z
  .string()
  .optional()
  .transform((raw, ctx): string[] => {
    if (raw === undefined || raw.trim() === '') return DEFAULT_PUSH_HOSTS;
    const list = raw.split(',').map((part) => part.trim().toLowerCase());
    if (list.every((host) => HOST_PATTERN.test(host))) return list;
    ctx.addIssue({ code: 'custom', message: 'expected a comma list of host names, each optionally starting with *.' });
    return z.NEVER;
  });

/** An uncompressed P-256 public key (65 bytes) or private key (32 bytes), base64url as web-push writes them. */
const vapidKey = (bytes: number) =>
  z
    .string()
    .refine(
      (v) => /^[A-Za-z0-9_-]+$/.test(v) && Buffer.from(v, 'base64url').length === bytes,
      `expected ${bytes} bytes in base64url (npx web-push generate-vapid-keys)`,
    )
    .optional();

const trustProxySchema = z
  .string()
  .optional()
  .transform((raw, ctx): TrustProxy => {
    const value = raw?.trim() ?? '';
    if (value === '' || value === 'false' || value === '0') return false;
    if (value === 'true') return true;
    if (/^\d+$/.test(value)) return Number(value);
    const list = value.split(',').map((part) => part.trim());
    if (list.every(isAddressOrCidr)) return list;
    ctx.addIssue({
      code: 'custom',
      message: 'expected false, true, a hop count, or a comma list of IP addresses or CIDR ranges',
    });
    return z.NEVER;
  });

/**
 * The one place that reads the environment (decisions.md, "Configuration"). Every variable is
 * optional; the defaults start the whole product on one machine with no other service.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  /** Behind a proxy or load balancer: whose X-Forwarded-For to believe (see trustProxySchema). */
  TRUST_PROXY: trustProxySchema,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().optional(),
  STAFF_EMAIL: z.string().email().optional(),
  STAFF_PASSWORD: z.string().min(6).optional(),
  MAIL_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Comped <hello@comped.app>'),
  PAYMENT_PROVIDER: z.enum(['local', 'stripe']).default('local'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Test-only: where the stripe SDK sends its calls (a local server that speaks the API). */
  STRIPE_API_BASE: z.string().url().optional(),
  /** The provider's recurring monthly price for a plan that has no stripe_price_id of its own. */
  STRIPE_PRICE_ID: z.string().optional(),
  /** A coupon for the introductory months (e.g. $50 off, repeating 3 months); none when unset. */
  STRIPE_INTRO_COUPON: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  TZ_DEFAULT: z.string().default('America/New_York'),
  TEST_CLOCK: z.enum(['0', '1']).default('0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Folder of the built web app; served on the same port when it exists. */
  WEB_DIST: z.string().optional(),
  /** How often this node's job worker looks for due jobs (ms); 0 turns the worker off. */
  JOB_POLL_MS: z.coerce.number().int().min(0).default(1000),
  /** How long a claimed job (and a mail being sent) stays this node's without renewal (ms). */
  JOB_LEASE_MS: z.coerce.number().int().min(200).default(60_000),
  /** `pretty` (pino-pretty), `json`, or `auto`: pretty when stdout is a terminal. */
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  /** On SIGTERM: how long requests in flight and the job in hand get to finish (ms). */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  /** How post links are checked: `offline` rules, or the networks' `oembed` endpoints with the rules as fallback. */
  POST_VERIFIER: z.enum(['offline', 'oembed']).default('offline'),
  POST_VERIFIER_TIMEOUT_MS: z.coerce.number().int().min(1).default(3000),
  OEMBED_INSTAGRAM_URL: z.string().url().default('https://graph.facebook.com/v19.0/instagram_oembed'),
  OEMBED_INSTAGRAM_TOKEN: z.string().optional(),
  OEMBED_TIKTOK_URL: z.string().url().default('https://www.tiktok.com/oembed'),
  OEMBED_X_URL: z.string().url().default('https://publish.twitter.com/oembed'),
  /** Uploaded SVGs are drawn in worker processes: each may take this long (ms) and this much memory. */
  SVG_RASTER_TIMEOUT_MS: z.coerce.number().int().min(100).default(8000),
  SVG_RASTER_MEMORY_MB: z.coerce.number().int().min(256).default(512),
  /** Workers drawing at once (default: half the cores, at least one); more SVGs wait in line. */
  SVG_RASTER_CONCURRENCY: z.coerce.number().int().min(1).optional(),
  /** SVGs that may wait in line before uploads are answered 503. */
  SVG_RASTER_QUEUE: z.coerce.number().int().min(0).default(8),
  /** Hosts a push subscription's endpoint may name (https only); anything else is refused (docs/security.md). */
  PUSH_ALLOWED_HOSTS: pushHostsSchema,
  /** Tests only: endpoints on the loopback address too (a local push service stand-in); refused in production. */
  PUSH_ALLOW_LOOPBACK: z.enum(['0', '1']).default('0'),
  /** The VAPID key pair (both or neither); unset: generated on the first start and kept in the database. */
  VAPID_PUBLIC_KEY: vapidKey(65),
  VAPID_PRIVATE_KEY: vapidKey(32),
  /** Who the push services may contact about our pushes: a mailto: or https: URL (default: MAIL_FROM's address). */
  VAPID_SUBJECT: z
    .string()
    .refine((v) => /^(mailto:|https:\/\/)\S+$/.test(v), 'expected a mailto: or https: URL')
    .optional(),
  /** The key calendar feed addresses are derived from; unset: generated on the first start and kept in the database. */
  CALENDAR_FEED_SECRET: z.string().min(32, 'expected at least 32 characters').optional(),
  /** `GET events`: the comment line that keeps a quiet stream open through proxies (ms; issue 26). */
  EVENTS_HEARTBEAT_MS: z.coerce.number().int().min(50).default(25_000),
  /** Event streams one node holds at most, and per user (ADR 018). */
  EVENTS_MAX_STREAMS: z.coerce.number().int().min(1).default(10_000),
  EVENTS_MAX_STREAMS_PER_USER: z.coerce.number().int().min(1).default(5),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  trustProxy: TrustProxy;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  staffEmail: string | undefined;
  staffPassword: string | undefined;
  mailUrl: string | undefined;
  mailFrom: string;
  mailDir: string;
  uploadsDir: string;
  payment: {
    provider: 'local' | 'stripe';
    stripeSecretKey: string | undefined;
    stripePublishableKey: string | undefined;
    stripeWebhookSecret: string | undefined;
    stripeApiBase: string | undefined;
    stripePriceId: string | undefined;
    stripeIntroCoupon: string | undefined;
  };
  s3: { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; region: string } | undefined;
  tzDefault: string;
  testClock: boolean;
  logLevel: string;
  logFormat: 'auto' | 'pretty' | 'json';
  webDist: string;
  jobPollMs: number;
  jobLeaseMs: number;
  shutdownGraceMs: number;
  postVerifier: 'offline' | 'oembed';
  oembed: {
    endpoints: { instagram: string; tiktok: string; x: string };
    instagramToken: string | undefined;
    timeoutMs: number;
  };
  svgRaster: { timeoutMs: number; memoryBytes: number; concurrency: number; queueMax: number };
  push: {
    allowedHosts: string[];
    allowLoopback: boolean;
    /** From the environment; undefined: the pair generated once and stored (modules/push/vapid-keys.ts). */
    vapidKeys: { publicKey: string; privateKey: string } | undefined;
    vapidSubject: string;
  };
  /** From the environment; undefined: the key generated once and stored (modules/calendar/feed-tokens.ts). */
  calendarFeedSecret: string | undefined;
  events: { heartbeatMs: number; maxStreams: number; maxStreamsPerUser: number };
}

/** `Comped <hello@comped.app>` -> `mailto:hello@comped.app`: the default VAPID subject. */
function mailtoOf(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return `mailto:${address.trim()}`;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const s3 =
    e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          region: e.S3_REGION,
        }
      : undefined;
  // A movable clock in production would let anyone move time (and it turns per-address limits off).
  if (e.NODE_ENV === 'production' && e.TEST_CLOCK === '1') {
    throw new Error('Invalid configuration:\n  TEST_CLOCK=1 is refused with NODE_ENV=production');
  }
  // Loopback endpoints let a user aim the server's pushes at its own machine (docs/security.md).
  if (e.NODE_ENV === 'production' && e.PUSH_ALLOW_LOOPBACK === '1') {
    throw new Error('Invalid configuration:\n  PUSH_ALLOW_LOOPBACK=1 is refused with NODE_ENV=production');
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new Error(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither',
    );
  }
  if (e.PAYMENT_PROVIDER === 'stripe' && (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET)) {
    throw new Error(
      'Invalid configuration:\n  PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    trustProxy: e.TRUST_PROXY,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    staffEmail: e.STAFF_EMAIL?.toLowerCase(),
    staffPassword: e.STAFF_PASSWORD,
    mailUrl: e.MAIL_URL,
    mailFrom: e.MAIL_FROM,
    mailDir: path.join(dataDir, 'mail'),
    uploadsDir: path.join(dataDir, 'uploads'),
    payment: {
      provider: e.PAYMENT_PROVIDER,
      stripeSecretKey: e.STRIPE_SECRET_KEY,
      stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY,
      stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
      stripeApiBase: e.STRIPE_API_BASE,
      stripePriceId: e.STRIPE_PRICE_ID,
      stripeIntroCoupon: e.STRIPE_INTRO_COUPON,
    },
    s3,
    tzDefault: e.TZ_DEFAULT,
    testClock: e.TEST_CLOCK === '1',
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? DEFAULT_WEB_DIST),
    jobPollMs: e.JOB_POLL_MS,
    jobLeaseMs: e.JOB_LEASE_MS,
    logFormat: e.LOG_FORMAT,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    postVerifier: e.POST_VERIFIER,
    oembed: {
      endpoints: { instagram: e.OEMBED_INSTAGRAM_URL, tiktok: e.OEMBED_TIKTOK_URL, x: e.OEMBED_X_URL },
      instagramToken: e.OEMBED_INSTAGRAM_TOKEN,
      timeoutMs: e.POST_VERIFIER_TIMEOUT_MS,
    },
    svgRaster: {
      timeoutMs: e.SVG_RASTER_TIMEOUT_MS,
      memoryBytes: e.SVG_RASTER_MEMORY_MB * 1024 * 1024,
      concurrency: e.SVG_RASTER_CONCURRENCY ?? Math.max(1, Math.floor(os.availableParallelism() / 2)),
      queueMax: e.SVG_RASTER_QUEUE,
    },
    push: {
      allowedHosts: e.PUSH_ALLOWED_HOSTS,
      allowLoopback: e.PUSH_ALLOW_LOOPBACK === '1',
      vapidKeys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      vapidSubject: e.VAPID_SUBJECT ?? mailtoOf(e.MAIL_FROM),
    },
    calendarFeedSecret: e.CALENDAR_FEED_SECRET,
    events: {
      heartbeatMs: e.EVENTS_HEARTBEAT_MS,
      maxStreams: e.EVENTS_MAX_STREAMS,
      maxStreamsPerUser: e.EVENTS_MAX_STREAMS_PER_USER,
    },
  };
}
