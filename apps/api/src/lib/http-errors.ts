import { defaultErrorCode } from '@comped/shared/error-codes';
import type { ErrorCode } from '@comped/shared/error-codes';
import { MSG } from '@comped/shared/messages';
import type { z } from 'zod';

/**
 * Errors a service throws; the error handler turns them into the response shapes of decisions.md:
 * `{message, code, errors?}`. `code` (packages/shared error-codes.ts) defaults to the generic code
 * of the status; pass a specific one wherever a client may want to tell this refusal apart.
 */
export class HttpError extends Error {
  readonly code: ErrorCode;
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
    code?: ErrorCode,
  ) {
    super(message);
    this.code = code ?? defaultErrorCode(statusCode);
  }
}

/** An HttpError with its specific code: `httpError(409, MSG.x, 'campaign_not_draft')`. */
export function httpError(
  status: number,
  message: string,
  code: ErrorCode,
  extra: { errors?: Record<string, string[]>; headers?: Record<string, string> } = {},
): HttpError {
  return new HttpError(status, message, extra.errors, extra.headers, code);
}

export const unauthenticated = () => new HttpError(401, MSG.unauthenticated);
export const forbidden = (message: string = MSG.forbidden, code: ErrorCode = 'forbidden') =>
  httpError(403, message, code);
export const notFound = (message: string = MSG.notFound) => new HttpError(404, message);
export const conflict = (message: string, code: ErrorCode = 'conflict') => httpError(409, message, code);

/** 422 with one field's message: `{message, code, errors: {field: [message]}}`. */
export function fieldError(field: string, message: string, code: ErrorCode = 'validation_failed'): HttpError {
  return httpError(422, message, code, { errors: { [field]: [message] } });
}

export function fieldErrors(errors: Record<string, string[]>): HttpError {
  const first = Object.values(errors)[0]?.[0] ?? MSG.validationFailed;
  return new HttpError(422, first, errors);
}

export function tooManyRequests(retryAfterSeconds: number): HttpError {
  return new HttpError(429, MSG.tooManyRequests, undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
}

/** Zod issues as the 422 field map (`{field: [messages]}`, the dotted path; `message` for the root). */
export function zodFieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || 'message';
    const list = (errors[field] ??= []);
    // A rule met twice on one field (e.g. by a refinement) is said once.
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return errors;
}

/** Parses with a shared zod schema and throws 422 with the field map, as the route validation does. */
export function parseOr422<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw fieldErrors(zodFieldErrors(result.error.issues));
}
