import { z } from 'zod';

import { MSG } from '../messages';
import { isCalendarDate } from '../time';

/** The longest a right may be granted for, in days after delivery. */
export const USAGE_RIGHTS_DAYS_MAX = 3650;

/** The campaign's usage rights as the wizard sends them (a JSON part); null or absent: none said. */
export const usageRightsSchema = z
  .object({
    organic: z.boolean().default(false),
    ads: z.boolean().default(false),
    website: z.boolean().default(false),
    days: z.coerce
      .number()
      .int('Enter a whole number of days.')
      .min(1, `Enter 1 to ${USAGE_RIGHTS_DAYS_MAX} days.`)
      .max(USAGE_RIGHTS_DAYS_MAX, `Enter 1 to ${USAGE_RIGHTS_DAYS_MAX} days.`)
      .nullish()
      .transform((v) => v ?? null),
    until: z
      .string()
      .nullish()
      .transform((v) => (v ? v : null))
      .refine((v) => v === null || isCalendarDate(v), MSG.invalidDate),
  })
  .superRefine((v, ctx) => {
    if (v.days !== null && v.until !== null)
      ctx.addIssue({ code: 'custom', path: ['until'], message: 'Give a number of days or an end date, not both.' });
  })
  .nullable();
export type UsageRightsValues = z.output<typeof usageRightsSchema>;
