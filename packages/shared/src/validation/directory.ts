import { z } from 'zod';

import { DISCOVERY_MILES } from '../discovery-filters';
import { LIMITS, ZIP_CODE } from '../limits';
import { MSG, tooLong } from '../messages';
import { pageCursorQuerySchema, pageQuerySchema } from '../paging';
import { POST_NETWORKS } from '../post-links';
import { MEDIA_TYPES } from '../roles';
import { isCalendarDate } from '../time';
import { TASK_POST_TYPES } from './task';

/** Directory search box: at most this many characters. */
export const DIRECTORY_Q_MAX = 100;
export const DIRECTORY_SORTS = ['reliability', 'visits'] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];

/** GET brands/{id}/creators (decisions.md round 3, "Creator directory and invitations"). */
export const creatorsQuerySchema = pageCursorQuerySchema.extend({
  'filter[type]': z.enum(MEDIA_TYPES, { error: () => 'Choose influencer or journalist.' }).optional(),
  'filter[tier]': z.coerce
    .number({ error: () => 'Choose a tier from 1 to 4.' })
    .int('Choose a tier from 1 to 4.')
    .min(1, 'Choose a tier from 1 to 4.')
    .max(4, 'Choose a tier from 1 to 4.')
    .optional(),
  'filter[q]': z.string().trim().max(DIRECTORY_Q_MAX, tooLong(DIRECTORY_Q_MAX)).optional(),
  'filter[near]': z.string().trim().regex(ZIP_CODE, MSG.zipCodeFormat).optional(),
  'filter[miles]': z
    .string()
    .trim()
    .refine((v) => (DISCOVERY_MILES as readonly number[]).includes(Number(v)), MSG.discoveryDistanceOption)
    .transform(Number)
    .optional(),
  sort: z.enum(DIRECTORY_SORTS, { error: () => 'Sort by reliability or visits.' }).default('reliability'),
});
export type CreatorsQuery = z.output<typeof creatorsQuerySchema>;

/** At most this many invitations per campaign in any 7 days (422 `invitation_limit_reached`). */
export const INVITATIONS_PER_CAMPAIGN_WEEK = 50;
export const INVITATION_NOTE_MAX = 500;

/** POST campaigns/{id}/invitations. */
export const invitationsBodySchema = z.object({
  user_ids: z
    .array(z.coerce.number().int().positive().max(LIMITS.idMax), { error: () => MSG.required })
    .min(1, MSG.required)
    .max(INVITATIONS_PER_CAMPAIGN_WEEK, `At most ${INVITATIONS_PER_CAMPAIGN_WEEK} people at once.`)
    .transform((ids) => [...new Set(ids)]),
  note: z
    .string()
    .trim()
    .max(INVITATION_NOTE_MAX, tooLong(INVITATION_NOTE_MAX))
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type InvitationsBodyInput = z.input<typeof invitationsBodySchema>;

/** PUT influencers/{id}/invitations/{invId}: the media user declines. */
export const invitationUpdateSchema = z.object({
  status: z.literal('declined', { error: () => 'The status must be declined.' }),
});

/** GET brands/{id}/content and content.csv (decisions.md round 3, "Content library"). */
export const contentQuerySchema = pageQuerySchema.extend({
  'filter[campaign_id]': z.coerce.number().int().positive().max(LIMITS.idMax).optional(),
  'filter[type]': z.enum(TASK_POST_TYPES, { error: () => 'Choose post or story.' }).optional(),
  'filter[network]': z.enum(POST_NETWORKS, { error: () => 'Choose Instagram, TikTok or X.' }).optional(),
  'filter[favourite]': z.enum(['1', 'true']).optional(),
  from: z.string().trim().refine(isCalendarDate, MSG.invalidDate).optional(),
  to: z.string().trim().refine(isCalendarDate, MSG.invalidDate).optional(),
});
export type ContentQuery = z.output<typeof contentQuerySchema>;

/** PUT brands/{id}/content/{contentId}. */
export const contentUpdateSchema = z.object({
  favourite: z.boolean({ error: () => MSG.required }),
});
