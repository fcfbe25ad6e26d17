import { z } from 'zod';

import { CATEGORY_IDS_FOR_FILTER, DISCOVERY_MILES, DISCOVERY_MSG, DISCOVERY_Q_MAX } from '../discovery-filters';
import { isCalendarDate } from '../time';
import { commaListSchema } from './fields';

/**
 * Discovery filters for media users (decisions.md "Beyond the specification"): the query of
 * `GET influencers/{id}/campaigns`; the constants the web's /campaigns reads are in
 * ../discovery-filters.ts, so a list page downloads them without this schema.
 */
export const discoveryFilterSchema = z.object({
  'filter[q]': z.string().trim().max(DISCOVERY_Q_MAX, DISCOVERY_MSG.qTooLong).optional(),
  'filter[category]': commaListSchema(
    z
      .string()
      .regex(/^\d$/, DISCOVERY_MSG.category)
      .transform(Number)
      .refine((n) => (CATEGORY_IDS_FOR_FILTER as readonly number[]).includes(n), DISCOVERY_MSG.category),
  ).optional(),
  'filter[near]': z
    .string()
    .trim()
    .regex(/^\d{5}$/, DISCOVERY_MSG.zipFormat)
    .optional(),
  'filter[miles]': z
    .string()
    .trim()
    .refine((v) => (DISCOVERY_MILES as readonly number[]).includes(Number(v)), DISCOVERY_MSG.miles)
    .transform(Number)
    .optional(),
  'filter[date]': z.string().trim().refine(isCalendarDate, DISCOVERY_MSG.date).optional(),
});
export type DiscoveryFilterQuery = z.output<typeof discoveryFilterSchema>;
