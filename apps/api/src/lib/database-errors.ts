/**
 * What a database error means, read through drizzle's wrapping (it nests the driver's error as
 * `cause`): its SQLSTATE, a unique violation, or a lost database.
 *
 * Tells a lost database (server stopped, restarting, unreachable, out of connections) from a bug,
 * so the API can answer 503 with Retry-After instead of 500. Drizzle wraps the driver's error in
 * `cause`, so the whole chain is read.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);
// PostgreSQL SQLSTATEs: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections.
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
const MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /Client was closed and is not queryable/i,
  /Cannot use a pool after calling end/i,
];

export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth += 1) {
    if (typeof e !== 'object') return false;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      // Class 08: connection exceptions.
      if (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || /^08/.test(code)) return true;
    }
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && MESSAGES.some((m) => m.test(message))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Seconds a client should wait before trying again while the database is away. */
export const DATABASE_RETRY_AFTER_S = 2;

/** The SQLSTATE of a database error (five characters, e.g. 23505), looking through drizzle's wrapping. */
export function databaseErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error, i = 0; e && i < 5; e = (e as { cause?: unknown }).cause, i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** PostgreSQL's unique_violation: a row that another request inserted first. */
export function isUniqueViolation(err: unknown): boolean {
  return databaseErrorCode(err) === '23505';
}
