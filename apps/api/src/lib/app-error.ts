import type { ErrorCode } from '@comped/shared/error-codes';
import { defaultErrorCode, ERROR_CODES } from '@comped/shared/error-codes';
import { MSG } from '@comped/shared/messages';
import type { z } from 'zod';

/**
 * The message of a code that always says the same thing. A code missing here has no one standard
 * wording (a 422 names its field's rule, a 409 what changed): its throw passes `message`.
 */
const STANDARD_MESSAGES: Partial<Record<ErrorCode, string>> = {
  unauthenticated: MSG.unauthenticated,
  forbidden: MSG.forbidden,
  not_found: MSG.notFound,
  validation_failed: MSG.validationFailed,
  too_many_requests: MSG.tooManyRequests,
  server_error: MSG.serverError,
  service_unavailable: MSG.serviceUnavailable,
  database_unavailable: MSG.serviceUnavailable,
  payload_too_large: MSG.fileTooLarge,
  upload_unreadable: MSG.uploadUnreadable,
  body_too_deep: MSG.bodyTooDeep,
  password_change_required: MSG.passwordChangeRequired,
  subscription_required: MSG.subscriptionRequired,
  current_password_wrong: MSG.currentPasswordWrong,
  already_subscribed: MSG.alreadySubscribed,
  location_limit_reached: MSG.maxLocationsReached,
  photo_limit_reached: MSG.maxPhotosReached,
  campaign_not_in_review: MSG.campaignNotInReview,
  campaign_has_no_dates: MSG.campaignHasNoDates,
  campaign_already_ended: MSG.campaignAlreadyEnded,
  application_already_reviewed: MSG.applicationAlreadyReviewed,
  already_booked: MSG.alreadyBooked,
  profile_incomplete: MSG.moreDetailsNeeded,
  booking_already_updated: MSG.bookingAlreadyUpdated,
  task_already_completed: MSG.taskAlreadyCompleted,
  experience_already_rated: MSG.experienceAlreadyRated,
  booking_expired: MSG.bookingExpired,
  already_invited: MSG.alreadyInvited,
  invitation_limit_reached: MSG.invitationLimitReached,
};

export interface AppErrorOptions {
  /** What the user reads; defaults to the code's standard message (STANDARD_MESSAGES). */
  message?: string;
  /** The one field the message is about: the body gets `errors: {[field]: [message]}`. */
  field?: string;
  /** Several fields' messages (a 422 field map); the message defaults to the first of them. */
  errors?: Record<string, string[]>;
  /** Headers of the answer, e.g. `retryAfter(seconds)` on a 429 or 503. */
  headers?: Record<string, string>;
}

/**
 * Every refusal the API makes on purpose. plugins/errors.ts answers it as `{message, code, errors?}`
 * with the status ERROR_CODES gives the code (packages/shared/src/error-codes.ts).
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly errors?: Record<string, string[]>;
  readonly headers?: Record<string, string>;
  constructor(
    readonly code: ErrorCode,
    opts: AppErrorOptions = {},
  ) {
    const status = ERROR_CODES[code];
    const message =
      opts.message ??
      (opts.errors && Object.values(opts.errors)[0]?.[0]) ??
      STANDARD_MESSAGES[code] ??
      STANDARD_MESSAGES[defaultErrorCode(status)] ??
      MSG.somethingWrongDot;
    super(message);
    this.statusCode = status;
    this.errors = opts.field ? { [opts.field]: [message] } : opts.errors;
    this.headers = opts.headers;
  }
}

/** `throw appError('already_booked', { field: 'booking' })`: the status comes from ERROR_CODES. */
export function appError(code: ErrorCode, opts?: AppErrorOptions): AppError {
  return new AppError(code, opts);
}

/** The `Retry-After` header of a 429 or 503, in whole seconds (at least one). */
export function retryAfter(seconds: number): Record<string, string> {
  return { 'Retry-After': String(Math.max(1, Math.ceil(seconds))) };
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
  throw appError('validation_failed', { errors: zodFieldErrors(result.error.issues) });
}
