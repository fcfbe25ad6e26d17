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
  };
}
