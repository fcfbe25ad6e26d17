import { z } from 'zod';

import { CATEGORY_IDS_FOR_FILTER, DISCOVERY_MILES, DISCOVERY_Q_MAX } from '../discovery-filters';
import { ZIP_CODE } from '../limits';
import { MSG } from '../messages';
import { isCalendarDate } from '../time';
import { commaListSchema } from './fields';

/**
 * Discovery filters for media users (decisions.md "Beyond the specification"): the query of
 * `GET influencers/{id}/campaigns`; the constants the web's /campaigns reads are in
 * ../discovery-filters.ts, so a list page downloads them without this schema.
 */
export const discoveryFilterSchema = z.object({
  'filter[q]': z.string().trim().max(DISCOVERY_Q_MAX, MSG.discoverySearchTooLong).optional(),
  'filter[category]': commaListSchema(
    z
      .string()
      .regex(/^\d$/, MSG.discoveryCategoryRange)
      .transform(Number)
      .refine((n) => (CATEGORY_IDS_FOR_FILTER as readonly number[]).includes(n), MSG.discoveryCategoryRange),
  ).optional(),
  'filter[near]': z.string().trim().regex(ZIP_CODE, MSG.zipCodeFormat).optional(),
  'filter[miles]': z
    .string()
    .trim()
    .refine((v) => (DISCOVERY_MILES as readonly number[]).includes(Number(v)), MSG.discoveryDistanceOption)
    .transform(Number)
    .optional(),
  'filter[date]': z.string().trim().refine(isCalendarDate, MSG.dateFormat).optional(),
});
export type DiscoveryFilterQuery = z.output<typeof discoveryFilterSchema>;
