import { z } from 'zod';

import { CATEGORY } from '../campaign-kinds';
import { LIMITS } from '../limits';
import { HALF_HOUR_SLOTS } from '../time';
import { menuNameSchema } from '../validation/brand';
import { CAMPAIGN_JSON_FIELDS, campaignSchema, campaignStatusInput, LAST_STEP } from '../validation/campaign';

/**
 * The multipart/form-data request bodies of the upload operations, as the OpenAPI document shows
 * them to client generators and fuzzers (decisions.md, "Campaign multipart"). They describe, they do
 * not validate: each handler reads the parts in order as they arrive and checks them with the shared
 * rules (a file by its bytes, never its name or type). Used by the API's routes only.
 */

const MB = LIMITS.imageBytes / (1024 * 1024);

/** A file part: its bytes, in whatever format the description names. */
export function filePart(description: string) {
  return z.string().meta({ format: 'binary', description });
}

/** POST brands/{id}/logo and POST influencers/{id}/picture. */
export const imageUploadBody = z.object({
  file: filePart(`A PNG, JPEG or SVG image up to ${MB} MB (SVG is rasterised to PNG).`),
});

/** POST brands/{id}/menu. */
export const menuUploadBody = z.object({
  name: menuNameSchema,
  file: filePart(`A PDF up to ${MB} MB.`),
});

/** POST photos: `brand_id` first, then the file (a file part before `brand_id` is a 422 on brand_id). */
export const photoUploadBody = z.object({
  brand_id: z.int().min(1).max(LIMITS.idMax).meta({ description: 'The brand: send this part before the file.' }),
  file: filePart(`A PNG or JPEG image up to ${MB} MB.`),
});

/** Each JSON text part's value as the shared campaign rules read it (their input side). */
const campaignInput = z.toJSONSchema(campaignSchema('generalupdates', { requireLocations: false }), {
  io: 'input',
  unrepresentable: 'any',
}) as { properties: Record<string, Record<string, unknown>> };

type CampaignJsonField = (typeof CAMPAIGN_JSON_FIELDS)[number];

/** A text part holding JSON (decisions.md: nested values travel as JSON text in their part). */
function jsonTextPart(field: CampaignJsonField, description: string) {
  const { $schema: _dialect, ...contentSchema } = campaignInput.properties[field] ?? {};
  return z
    .string()
    .optional()
    .meta({ description: `JSON text: ${description}`, contentMediaType: 'application/json', contentSchema });
}

const date = (description: string) => z.string().optional().meta({ format: 'date', description });
const halfHour = (description: string) =>
  z
    .enum(HALF_HOUR_SLOTS as [string, ...string[]])
    .optional()
    .meta({ description });

/** The parts of a campaign both operations take. */
const campaignParts = {
  brand_id: z
    .int()
    .min(1)
    .max(LIMITS.idMax)
    .optional()
    .meta({ description: "The caller's brand (any other is a 403)." }),
  name: z.string().max(LIMITS.campaignName),
  description: z.string().max(LIMITS.campaignDescription),
  launch_date: date('General updates (category 4): the launch date.'),
  opening_date: date('Opening (category 5): the opening date.'),
  event_date: date('Single-day event (category 6): the event date.'),
  end_date: date('Optional last bookable day (not for events).'),
  from_time: halfHour('Single-day event: the first slot.'),
  to_time: halfHour('Single-day event: the end (exclusive).'),
  key_players_enabled: z.boolean().optional().meta({ description: 'Whether the 4 key players are filled in.' }),
  key_players: jsonTextPart('key_players', 'the 4 key players, `[{"type", "name", "bio"}]`.'),
  target: jsonTextPart('target', 'the audiences, e.g. `["influencer","journalist"]`.'),
  tier_range_influencer: jsonTextPart('tier_range_influencer', 'the influencer tiers, e.g. `[1,2]`.'),
  tier_range_journalist: jsonTextPart('tier_range_journalist', 'the journalist tiers, e.g. `[1,2]`.'),
  locations: jsonTextPart('locations', "the brand's location ids, e.g. `[12]`."),
  booking: jsonTextPart('booking', 'the booking settings.'),
  influencer_instructions: jsonTextPart('influencer_instructions', 'what the post must carry.'),
  step: z.int().min(0).max(LAST_STEP).optional().meta({ description: 'The wizard step the draft reopens at.' }),
  'featured_photos[]': z
    .array(filePart(`A PNG or JPEG image up to ${MB} MB.`))
    .max(LIMITS.galleryPhotos)
    .optional()
    .meta({ description: `Featured photos, one part each (${LIMITS.galleryPhotos} at most on the campaign).` }),
};

/** POST campaigns: a new draft. */
export const campaignCreateBody = z.object({
  category_id: z
    .literal([CATEGORY.generalUpdates, CATEGORY.opening, CATEGORY.singleDayEvent])
    .meta({ description: '4 general updates, 5 opening, 6 single-day event.' }),
  ...campaignParts,
});

/** POST campaigns/{id}: the parts sent replace the stored values; `status: review` submits it. */
export const campaignUpdateBody = z.object({
  ...campaignParts,
  name: campaignParts.name.optional(),
  description: campaignParts.description.optional(),
  status: campaignStatusInput.optional().meta({ description: '`review` submits the campaign for review.' }),
});
