import { appError } from '../../lib/app-error';

/** A task or a booking of `tasks/...` and `bookings/{id}/rate_experience` paths: its media user's only (else 403). */
export function assertOwnedBy(row: { userId: number }, userId: number): void {
  if (row.userId !== userId) throw appError('forbidden');
}
