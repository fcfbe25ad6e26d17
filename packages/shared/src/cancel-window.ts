import { LIMITS } from './limits';

/**
 * The 24-hour cancel window (spec section 4), shared by the API that refuses a cancellation inside
 * it and the bookings page that says so before asking: a plain module, so the page does not load the
 * forms' validation for it.
 */

/** The answer to a cancellation inside the window. */
export function cancelWindowMessage(location: { name: string; phone: string }): string {
  return `Cancellations within ${LIMITS.cancelWindowHours} hours of the visit need a call to the property. Please call ${location.name} at ${location.phone}.`;
}

/** Whether the window has started (visit_at - now < 24 h). */
export function insideCancelWindow(visitAt: Date, now: Date): boolean {
  return visitAt.getTime() - now.getTime() < LIMITS.cancelWindowHours * 3600_000;
}
