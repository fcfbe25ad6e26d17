import { z } from 'zod';

/**
 * The stable, machine-readable `code` of every error body (decisions.md, API conventions). Clients
 * branch on these, never on the message text, which may be reworded. A code is never renamed or
 * reused for another meaning once shipped; add new ones at the end of their group.
 *
 * To add a code: append it here with the status it goes with, throw it from the API with
 * `throw appError('the_code', { message, field })` (apps/api/src/lib/app-error.ts: the status is read
 * from here; a code that always says the same thing gets its message in STANDARD_MESSAGES there), and
 * branch on it in the web app with `err.code === '...'`.
 */
export const ERROR_CODES = {
  // Generic codes: the default for each status when nothing more specific applies.
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  too_many_requests: 429,
  server_error: 500,
  service_unavailable: 503,

  // Who may ask.
  password_change_required: 403,
  subscription_required: 403,
  /** PUT profile: the current password given to change the password or e-mail is not the account's. */
  current_password_wrong: 422,

  // Subscriptions and payments.
  already_subscribed: 409,
  card_declined: 422,
  invalid_webhook: 400,

  // Brand workspace.
  location_limit_reached: 422,
  photo_limit_reached: 422,
  no_locations: 422,

  // Campaigns and their review.
  campaign_not_draft: 409,
  campaign_not_in_review: 409,
  campaign_has_no_dates: 422,
  campaign_already_ended: 422,
  application_already_reviewed: 409,

  // Bookings and tasks.
  already_booked: 422,
  profile_incomplete: 422,
  booking_already_updated: 409,
  task_already_completed: 409,
  visit_not_passed: 422,
  experience_already_rated: 409,
  /** A pending booking whose visit time passed without an answer: it can no longer be accepted. */
  booking_expired: 409,

  // Visits: check-in, no-shows and their disputes (decisions.md, Beyond the specification).
  wrong_check_in_code: 422,
  check_in_not_open: 422,
  check_in_closed: 422,
  check_in_locked: 429,
  already_checked_in: 409,
  visit_not_accepted: 422,
  visit_checked_in: 422,
  no_show_too_early: 422,
  not_a_no_show: 422,
  already_disputed: 409,
  dispute_window_closed: 422,
  dispute_already_settled: 409,
  /** Staff settled a dispute about the visit: the brand can no longer change its status. */
  visit_settled: 409,
  no_show_window_closed: 422,

  // Conversations and the live event stream (issue 26).
  /** Staff closed the conversation after a report: it takes no new messages. */
  conversation_closed: 409,
  already_reported: 409,
  /** This user holds as many event streams on this node as one user may: poll instead, or close a tab. */
  too_many_streams: 429,

  // Operations: the node cannot serve right now; retry after `Retry-After` seconds.
  database_unavailable: 503,
  shutting_down: 503,

  // Bad input refused before it is read (issue 11).
  upload_unreadable: 400,
  body_too_deep: 422,

  // Brand teams (decisions.md round 3).
  member_limit_reached: 422,
  /** POST members/accept: the invitation link is unknown, already used or expired. */
  invitation_invalid: 422,
  // Creator directory and invitations (issue 28).
  already_invited: 422,
  invitation_limit_reached: 422,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_CODES;
export const ERROR_CODE_NAMES = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

/** The generic code of a status, for errors that carry no specific one. */
export function defaultErrorCode(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'bad_request';
    case 401:
      return 'unauthenticated';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 422:
      return 'validation_failed';
    case 429:
      return 'too_many_requests';
    case 503:
      return 'service_unavailable';
    default:
      return status >= 500 ? 'server_error' : 'bad_request';
  }
}

/**
 * Every error body: `{message, code}` and, on 422, the field map `errors: {field: [messages]}`.
 * A code the client does not know yet still parses (a newer server may send it): the client then
 * falls back to the status.
 */
// Pure: a client that imports only the codes (the web app's entry) leaves the schema, and zod, out.
export const errorBodySchema = /* @__PURE__ */ z
  .object({
    message: z.string(),
    code: z.string().meta({ description: `One of: ${ERROR_CODE_NAMES.join(', ')}.` }),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Narrows a code sent by the server to one this client knows. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}
