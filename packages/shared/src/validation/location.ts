import { z } from 'zod';

import { LIMITS, ZIP_CODE } from '../limits';
import { MSG } from '../messages';
import { HALF_HOUR_SLOTS, WEEKDAYS } from '../time';
import { requiredEmail, requiredPhone, requiredText } from './fields';

/** An IANA zone name the runtime knows (Intl), e.g. "America/New_York". */
export function isValidTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const slot = z.string({ error: () => MSG.required }).refine((v) => HALF_HOUR_SLOTS.includes(v), MSG.halfHourSteps);

export const openingHoursSchema = z
  .object({
    day: z.enum(WEEKDAYS, { error: () => MSG.required }),
    start_time: slot,
    end_time: slot,
  })
  .refine((h) => h.start_time !== h.end_time, { path: ['end_time'], message: MSG.startEndEqual });

/** POST locations, PUT locations/{id} and the location form (spec section 5; a missing day is closed). */
export const locationSchema = z.object({
  name: requiredText(LIMITS.name),
  address: requiredText(LIMITS.streetAddress),
  email: requiredEmail(),
  phone: requiredPhone(),
  contact: requiredText(LIMITS.contactPerson),
  /** The place's US ZIP (default: the brand's): distance search and the default time zone. */
  zip: z
    .string()
    .trim()
    .refine((v) => v === '' || ZIP_CODE.test(v), MSG.zipCodeFormat)
    .optional(),
  time_zone: z
    .string()
    .trim()
    .refine((v) => v === '' || isValidTimeZone(v), MSG.invalidTimeZone)
    .optional(),
  hours: z
    .array(openingHoursSchema)
    .max(WEEKDAYS.length)
    .refine((list) => new Set(list.map((h) => h.day)).size === list.length, MSG.duplicateDay)
    .default([]),
});
export type LocationInput = z.input<typeof locationSchema>;
export type LocationOutput = z.output<typeof locationSchema>;

/** The form's default for a day that is switched on (spec: 12:00 AM to 11:30 PM). */
export const DEFAULT_OPEN_HOURS = { start_time: '00:00', end_time: '23:30' } as const;
