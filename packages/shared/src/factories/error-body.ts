import type { ErrorBody, ErrorCode } from '../error-codes';
import { ERROR_CODES, errorBodySchema } from '../error-codes';

/**
 * An error body as the API sends it, for tests that stub `fetch`: `makeErrorBody('already_booked',
 * MSG.alreadyBooked, { booking: [MSG.alreadyBooked] })`. Returns `[status, body]` so it can be
 * handed straight to a stub; the body is checked against the shared error schema.
 */
export function makeErrorBody(
  code: ErrorCode,
  message: string,
  errors?: Record<string, string[]>,
): [status: number, body: ErrorBody] {
  const body = errorBodySchema.parse(errors ? { message, code, errors } : { message, code });
  return [ERROR_CODES[code], body];
}
