import type { Reliability } from './validation/visits';

/**
 * Visits brands can trust (decisions.md, Beyond the specification): check-in, no-shows and their
 * disputes, the reliability score and the task's due date. One definition for the API, the web app
 * and the tests.
 */
export const VISIT_RULES = {
  codeLength: 6,
  /** No look-alikes: no 0/O, 1/I/L, 2/Z, 5/S, 8/B. */
  codeAlphabet: 'ACDEFGHJKMNPQRTUVWXY34679',
  checkInOpensBeforeHours: 2,
  checkInClosesAfterHours: 12,
  maxWrongCodes: 5,
  lockMinutes: 15,
  noShowAfterHours: 2,
  /** The no-show window closes when the task falls due: a visit's outcome is settled by then. */
  noShowUntilDays: 7,
  disputeHours: 48,
  disputeNoteMax: 500,
  taskDueDays: 7,
  taskReminderDays: [3, 6],
  visitReminderHours: [24, 2],
  reliabilityWindow: 20,
  reliabilityMinVisits: 3,
} as const;

/** "96% reliable · 24 visits", or "New" under 3 decided visits. */
export function reliabilityLabel(r: Reliability): string {
  if (r.visits < VISIT_RULES.reliabilityMinVisits || r.percent === null) return 'New';
  return `${r.percent}% reliable · ${r.visits} visits`;
}
