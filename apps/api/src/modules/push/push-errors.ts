import { MSG } from '@comped/shared/messages';

import { appError } from '../../lib/app-error';

/**
 * The push module's refusals, in one place: when lib/app-error.ts lands (issue 25) each becomes one
 * `appError(...)` line.
 */
export const pushErrors = {
  endpointNotAllowed: () => appError('validation_failed', { field: 'endpoint', message: MSG.pushEndpointNotAllowed }),
  keyInvalid: () => appError('validation_failed', { field: 'keys.p256dh', message: MSG.pushKeyInvalid }),
};
