import { z } from 'zod';

import { MSG } from '../messages';
import { VISIT_RULES } from '../visit-rules';

/** "Check-in opens at 5:00 PM on Sat, Jun 6." and friends are built by the API from these. */
export function checkInOpensMessage(when: string): string {
  return `Check-in opens at ${when}, 2 hours before the visit.`;
}
export function checkInClosedMessage(when: string): string {
  return `Check-in closed at ${when}, 12 hours after the visit.`;
}
export function checkInLockedMessage(when: string): string {
  return `Too many wrong codes. Check-in for this booking is locked until ${when}.`;
}
export function noShowNotYetMessage(when: string): string {
  return `A visit can be marked as a no-show from ${when}, 2 hours after the visit time.`;
}
export function noShowClosedMessage(when: string): string {
  return `A visit can be marked as a no-show until ${when}, 7 days after the visit time.`;
}

/** What a person types or a camera reads ("k7f-3xa", " K7F 3XA ") as the stored form. */
export function normalizeCheckInCode(raw: string): string {
  return raw.toUpperCase().replace(/[\s-]/g, '');
}

/** POST brands/{id}/bookings/{bookingId}/checkin {code}. */
export const checkInSchema = z.object({
  code: z
    .string({ error: () => MSG.checkInCodeRequired })
    .transform(normalizeCheckInCode)
    .refine((v) => v.length > 0, MSG.checkInCodeRequired)
    .refine((v) => v.length <= 32, MSG.checkInCodeWrong),
});
export type CheckInInput = z.input<typeof checkInSchema>;

/** POST influencers/{id}/bookings/{bookingId}/dispute {note}. */
export const disputeSchema = z.object({
  note: z
    .string({ error: () => MSG.disputeNoteRequired })
    .trim()
    .min(1, MSG.disputeNoteRequired)
    .max(VISIT_RULES.disputeNoteMax, `The note may not be greater than ${VISIT_RULES.disputeNoteMax} characters.`),
});
export type DisputeInput = z.input<typeof disputeSchema>;

/** POST admin/disputes/{bookingId}/settle {outcome}: the no-show stands, or the visit counts as finished. */
export const settleDisputeSchema = z.object({
  outcome: z.enum(['no_show', 'finished'], { error: () => MSG.disputeOutcomeOption }),
});
export type SettleDisputeInput = z.input<typeof settleDisputeSchema>;

/** `sort=reliability` (best first) or `sort=-reliability` on the brand's bookings. */
export const bookingSortSchema = z.enum(['reliability', '-reliability']).optional();

/**
 * A media user's record, as bookings and profiles send it (schemas/resources.ts nests this schema,
 * so the wire shape is defined once, here with the rules that produce it).
 */
export const reliabilitySchema = z.object({
  /** Share of "for" among the last 20 decided visits, rounded; null before any decided visit. */
  percent: z.number().int().nullable(),
  /** All decided visits. */
  visits: z.number().int(),
});
export type Reliability = z.infer<typeof reliabilitySchema>;
