import { z } from 'zod';

import { SLOT_RULES } from '../limits';
import { MSG } from '../messages';
import { isCalendarDate, TIME_PATTERN } from '../time';
import { dbId } from './fields';

/**
 * Slots that fill (issue 30, decisions.md round 3 "Comp terms and slots that fill"): what the comp
 * covers, another time proposed by the brand, the waitlist of a full week, attendance confirmation.
 */
export const GUEST_POLICIES = ['none', 'optional', 'required'] as const;
export type GuestPolicy = (typeof GUEST_POLICIES)[number];

/** The Bookings step's comp terms (merged into bookingSettingsSchema). */
export const compTermsShape = {
  includes: z
    .array(z.string().trim().max(SLOT_RULES.includesLineMax, MSG.compIncludesLine))
    .default([])
    .transform((lines) => lines.filter((l) => l !== ''))
    .refine((lines) => lines.length <= SLOT_RULES.includesMax, MSG.compIncludesMax),
  allowance: z
    .union([z.literal(''), z.null(), z.coerce.number({ error: () => MSG.allowanceRange })])
    .optional()
    .transform((v) => (v === '' || v === null || v === undefined ? null : v))
    .refine((v) => v === null || (Number.isInteger(v) && v >= 1 && v <= SLOT_RULES.allowanceMax), MSG.allowanceRange),
  guest_policy: z
    .enum(GUEST_POLICIES, { error: () => MSG.guestPolicyOption })
    .nullable()
    .optional()
    .transform((v) => v ?? null),
};

/** The guests a request may bring under a policy (null: as before the policy existed, 1..max). */
export function guestBounds(policy: GuestPolicy | null | undefined, maxGuests: number): { min: number; max: number } {
  if (policy === 'none') return { min: 0, max: 0 };
  if (policy === 'optional') return { min: 0, max: maxGuests };
  return { min: 1, max: maxGuests };
}

/** The refusal of a guest count outside guestBounds. */
export function guestPolicyMessage(policy: GuestPolicy | null | undefined, maxGuests: number): string {
  if (policy === 'none') return MSG.guestsNone;
  if (policy === 'optional') return `Please choose between 0 and ${maxGuests} guests.`;
  return maxGuests <= 1 ? 'Only 1 guest is allowed.' : `Please choose between 1 and ${maxGuests} guests.`;
}

/** POST brands/{id}/bookings/{bookingId}/proposal. */
export const proposalSchema = z.object({
  booking_date: z.string({ error: () => MSG.selectDayAndTime }).refine(isCalendarDate, MSG.selectDayAndTime),
  booking_time: z.string({ error: () => MSG.selectDayAndTime }).regex(TIME_PATTERN, MSG.selectDayAndTime),
  note: z
    .string()
    .trim()
    .max(SLOT_RULES.proposalNoteMax, MSG.proposalNoteMax)
    .nullish()
    .transform((v) => v ?? ''),
});
export type ProposalInput = z.input<typeof proposalSchema>;

/** POST brands/{id}/bookings/{bookingId}/availablehours {date?}: the week the brand's slot picker shows. */
export const proposalHoursSchema = z.object({
  date: z.string().refine(isCalendarDate, 'The date must be in the form YYYY-MM-DD.').optional(),
});

/** POST influencers/{id}/campaigns/{campaignId}/waitlist. */
export const waitlistJoinSchema = z.object({
  location_id: z.coerce
    .number({ error: () => MSG.locationRequired })
    .int(MSG.locationRequired)
    .positive(MSG.locationRequired),
  date: z.string({ error: () => MSG.selectDayAndTime }).refine(isCalendarDate, MSG.selectDayAndTime),
});
export type WaitlistJoinInput = z.input<typeof waitlistJoinSchema>;

export const WAITLIST_STATUSES = ['waiting', 'offered', 'booked', 'expired'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

export const waitlistIdSchema = dbId();

/** GET admin/health?from&to (YYYY-MM-DD; default: the last 12 weeks). */
export const healthQuerySchema = z.object({
  from: z.string().refine(isCalendarDate, 'The date must be in the form YYYY-MM-DD.').optional(),
  to: z.string().refine(isCalendarDate, 'The date must be in the form YYYY-MM-DD.').optional(),
});
