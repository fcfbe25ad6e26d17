import { MSG } from '@comped/shared/messages';
import { fieldError } from '../../lib/http-errors';

/**
 * The push module's refusals, in one place: when lib/app-error.ts lands (issue 25) each becomes one
 * `appError(...)` line.
 */
export const pushErrors = {
  endpointNotAllowed: () => fieldError('endpoint', MSG.pushEndpointNotAllowed),
  keyInvalid: () => fieldError('keys.p256dh', MSG.pushKeyInvalid),
};
