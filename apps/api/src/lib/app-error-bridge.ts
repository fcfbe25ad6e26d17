import { defaultErrorCode, ERROR_CODES } from '@comped/shared/error-codes';
import type { ErrorCode } from '@comped/shared/error-codes';
import { MSG } from '@comped/shared/messages';
import { HttpError } from './http-errors';

/**
 * `appError(code, opts)` as issue 25's lib/app-error.ts spells it (the status comes from
 * ERROR_CODES), for the modules written in that shape before it lands (conversations,
 * notifications). Once lib/app-error.ts exists, this file becomes `export { appError } from
 * './app-error';` and its callers do not change.
 */
export interface AppErrorOptions {
  message?: string;
  /** The one field the message is about: the body gets `errors: {[field]: [message]}`. */
  field?: string;
  headers?: Record<string, string>;
}

const STANDARD: Partial<Record<ErrorCode, string>> = {
  unauthenticated: MSG.unauthenticated,
  forbidden: MSG.forbidden,
  not_found: MSG.notFound,
  validation_failed: MSG.validationFailed,
  too_many_requests: MSG.tooManyRequests,
  service_unavailable: MSG.serviceUnavailable,
};

export function appError(code: ErrorCode, opts: AppErrorOptions = {}): HttpError {
  const status = ERROR_CODES[code];
  const message = opts.message ?? STANDARD[code] ?? STANDARD[defaultErrorCode(status)] ?? MSG.somethingWrongDot;
  const errors = opts.field ? { [opts.field]: [message] } : undefined;
  return new HttpError(status, message, errors, opts.headers, code);
}
