import { z } from 'zod';

import type { CampaignKind } from '../campaign-kinds';
import { KEY_PLAYER_ROLES, KIND_DATE } from '../campaign-kinds';
import { COMPENSATION_OPTIONS, LIMITS } from '../limits';
import { MSG, tooLong } from '../messages';
import type { MediaType } from '../roles';
import { MEDIA_TYPES } from '../roles';
import type { WeekdayShort } from '../time';
import { HALF_HOUR_SLOTS, isCalendarDate, minutesOf, WEEKDAY_SHORT } from '../time';
import { requiredText } from './fields';
import { compTermsShape } from './slots';
import { usageRightsSchema } from './usage-rights';

/**
 * The campaign wizard's rules (spec section 5), written once: the wizard's form validates with
 * `campaignSchema` and the routes of POST campaigns and POST campaigns/{id} validate the same values.
 */

export const WIZARD_STEPS = 5;
export const LAST_STEP = WIZARD_STEPS - 1;
/** Step index 0-4, capped at 4 (spec section 4). */
export function capStep(step: number): number {
  if (!Number.isFinite(step) || step < 0) return 0;
  return Math.min(Math.floor(step), LAST_STEP);
}
/** The Bookings step: from there on (and on submit) at least one location is required. */
export const BOOKINGS_STEP = 2;

export const DEFAULT_FROM_TIME = '18:00';
export const DEFAULT_TO_TIME = '18:30';
export const DEFAULT_TIER_RANGE = [1, 2];
export const HASHTAG_MAX = 50;
export const HASHTAGS_MAX_COUNT = 30;
export const TIP_MAX = 500;

/** Multipart parts that carry JSON text (decisions.md, Wire details). */
export const CAMPAIGN_JSON_FIELDS = [
  'booking',
  'influencer_instructions',
  'key_players',
  'locations',
  'target',
  'tier_range_influencer',
  'tier_range_journalist',
  'usage_rights',
] as const;

export const FEATURED_PHOTO_TYPES = ['image/png', 'image/jpeg'] as const;

/** Client-side check of a picked file (the server checks the bytes again). */
export function featuredPhotoFileIssue(file: { type: string; size: number }): string | null {
  if (!(FEATURED_PHOTO_TYPES as readonly string[]).includes(file.type)) return MSG.photoType;
  if (file.size > LIMITS.imageBytes) return MSG.imageTooLarge;
  return null;
}

/** At least one and at most 5 featured photos in total. */
export function featuredPhotoCountIssue(count: number): string | null {
  if (count < 1) return MSG.atLeastOneImage;
  if (count > LIMITS.galleryPhotos) return MSG.tooManyPhotos;
  return null;
}

const halfHour = z.string({ error: () => MSG.required }).refine((v) => HALF_HOUR_SLOTS.includes(v), MSG.halfHourTime);

const boolLike = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean(),
);

function intIn(min: number, max: number, low: string, high: string = low) {
  return z.coerce
    .number({ error: () => MSG.required })
    .int(low)
    .min(min, low)
    .max(max, high);
}

const keyPlayerSchema = z.object({
  type: z.enum(KEY_PLAYER_ROLES, { error: () => MSG.keyPlayersIncomplete }),
  name: z.string().trim().max(LIMITS.name, tooLong(LIMITS.name)).default(''),
  bio: z.string().trim().max(LIMITS.bio, tooLong(LIMITS.bio)).default(''),
});

const tierRange = z
  .array(z.coerce.number().int(MSG.tierRange).min(LIMITS.tierMin, MSG.tierRange).max(LIMITS.tierMax, MSG.tierRange), {
    error: () => MSG.tierRange,
  })
  .min(1, MSG.tierRange)
  .refine((list) => {
    // What a two-value slider gives: consecutive integers without gaps or repeats.
    const sorted = [...list].sort((a, b) => a - b);
    return sorted.every((v, i) => i === 0 || v === (sorted[i - 1] ?? 0) + 1);
  }, MSG.tierRange)
  .transform((list) => [...list].sort((a, b) => a - b));

const rangeSchema = z
  .object({ from: halfHour, to: halfHour })
  .refine((r) => minutesOf(r.from) < minutesOf(r.to), { path: ['to'], message: MSG.rangeFromBeforeTo });

const unavailableDatesSchema = z
  .object(
    Object.fromEntries(WEEKDAY_SHORT.map((d) => [d, z.array(rangeSchema).max(48).optional()])) as Record<
      WeekdayShort,
      z.ZodOptional<z.ZodArray<typeof rangeSchema>>
    >,
  )
  .default({});

export const bookingSettingsSchema = z.object({
  compensation: z.coerce
    .number({ error: () => MSG.compensationOption })
    .refine((v) => (COMPENSATION_OPTIONS as readonly number[]).includes(v), MSG.compensationOption)
    .default(LIMITS.compensationDefault),
  max_bookings_per_week: intIn(1, LIMITS.maxBookingsPerWeekMax, MSG.maxBookingsMin, MSG.maxBookingsHint).default(
    LIMITS.maxBookingsPerWeekDefault,
  ),
  max_guests: intIn(LIMITS.maxGuestsMin, LIMITS.maxGuestsMax, MSG.maxGuestsRange).default(LIMITS.maxGuestsDefault),
  information_only: boolLike.default(false),
  tip: z
    .string()
    .trim()
    .max(TIP_MAX, tooLong(TIP_MAX))
    .nullable()
    .optional()
    .transform((v) => v || null),
  switch: boolLike.default(false),
  unavailable_dates: unavailableDatesSchema,
  // Comp terms (issue 30): what the comp includes, an allowance cap, the guest policy.
  ...compTermsShape,
});

const hashtag = z
  .string()
  .transform((v) => v.trim().replace(/^#+/, ''))
  .refine((v) => /^[\p{L}\p{N}_]+$/u.test(v) && v.length <= HASHTAG_MAX, MSG.hashtagFormat);

export const influencerInstructionsSchema = z.object({
  tagging_required: boolLike.default(false),
  geotag_required: boolLike.default(false),
  posts_required: intIn(0, LIMITS.postsMax, MSG.postsRange).default(0),
  stories_required: intIn(0, LIMITS.storiesMax, MSG.postsRange).default(0),
  hashtags: z
    .array(hashtag)
    .max(HASHTAGS_MAX_COUNT, `At most ${HASHTAGS_MAX_COUNT} hashtags.`)
    .default([])
    .transform((list) => [...new Set(list)]),
});

export interface CampaignSchemaOptions {
  /** From the Bookings step on, and on submit, at least one location is required. */
  requireLocations: boolean;
}

const optionalDate = z
  .string()
  .nullable()
  .optional()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isCalendarDate(v), MSG.invalidDate);

const requiredDate = z
  .string({ error: () => MSG.required })
  .nullable()
  .refine((v) => !!v, MSG.required)
  .refine((v) => !v || isCalendarDate(v), MSG.invalidDate);

/**
 * Every field of a campaign as the wizard edits it and the API receives it (after the JSON parts
 * are parsed). Cross-field rules: end date not before the kind's date; event times not equal;
 * key players all filled when enabled.
 */
export function campaignSchema(kind: CampaignKind, opts: CampaignSchemaOptions) {
  const dateField = KIND_DATE[kind].field;
  const isEvent = kind === 'singledayevent';
  return z
    .object({
      name: requiredText(LIMITS.campaignName),
      description: requiredText(LIMITS.campaignDescription),
      launch_date: kind === 'generalupdates' ? requiredDate : z.any().optional(),
      opening_date: kind === 'opening' ? requiredDate : z.any().optional(),
      event_date: kind === 'singledayevent' ? requiredDate : z.any().optional(),
      end_date: isEvent ? z.any().optional() : optionalDate,
      from_time: isEvent ? halfHour.default(DEFAULT_FROM_TIME) : z.any().optional(),
      to_time: isEvent ? halfHour.default(DEFAULT_TO_TIME) : z.any().optional(),
      /** The form's switch; on the wire an empty key_players list means "off". */
      key_players_enabled: boolLike.optional(),
      key_players: z.array(keyPlayerSchema).max(LIMITS.keyPlayerSlots, MSG.keyPlayersIncomplete).default([]),
      target: z
        .array(z.enum(MEDIA_TYPES, { error: () => MSG.atLeastOneAudience }), { error: () => MSG.atLeastOneAudience })
        .min(1, MSG.atLeastOneAudience)
        .default(['influencer'])
        .transform((list) => MEDIA_TYPES.filter((t) => list.includes(t))),
      tier_range_influencer: tierRange.default(DEFAULT_TIER_RANGE),
      tier_range_journalist: tierRange.default(DEFAULT_TIER_RANGE),
      locations: z
        .array(z.coerce.number().int().positive(), { error: () => MSG.atLeastOneLocation })
        .default([])
        .transform((list) => [...new Set(list)])
        .refine((list) => !opts.requireLocations || list.length > 0, MSG.atLeastOneLocation),
      booking: bookingSettingsSchema.default(bookingSettingsSchema.parse({})),
      influencer_instructions: influencerInstructionsSchema.default(influencerInstructionsSchema.parse({})),
      usage_rights: usageRightsSchema.optional().transform((v) => v ?? null),
    })
    .superRefine((v, ctx) => {
      const start = v[dateField] as string | null;
      if (!isEvent && start && v.end_date && isCalendarDate(start) && v.end_date < start) {
        ctx.addIssue({ code: 'custom', path: ['end_date'], message: MSG.endBeforeStart });
      }
      if (isEvent && v.from_time && v.from_time === v.to_time) {
        ctx.addIssue({ code: 'custom', path: ['to_time'], message: MSG.eventTimesEqual });
      }
      const enabled = v.key_players_enabled ?? v.key_players.length > 0;
      if (enabled) {
        const complete =
          v.key_players.length === LIMITS.keyPlayerSlots &&
          v.key_players.every((p) => p.name.trim() !== '' && p.bio.trim() !== '') &&
          new Set(v.key_players.map((p) => p.type)).size === LIMITS.keyPlayerSlots;
        if (!complete) ctx.addIssue({ code: 'custom', path: ['key_players'], message: MSG.keyPlayersIncomplete });
      }
    })
    .transform((v) => {
      const enabled = v.key_players_enabled ?? v.key_players.length > 0;
      return {
        name: v.name,
        description: v.description,
        launch_date: kind === 'generalupdates' ? (v.launch_date as string) : null,
        opening_date: kind === 'opening' ? (v.opening_date as string) : null,
        event_date: kind === 'singledayevent' ? (v.event_date as string) : null,
        end_date: isEvent ? null : (v.end_date as string | null),
        from_time: isEvent ? (v.from_time as string) : null,
        to_time: isEvent ? (v.to_time as string) : null,
        key_players: enabled ? v.key_players : [],
        target: v.target as MediaType[],
        tier_range_influencer: v.tier_range_influencer,
        tier_range_journalist: v.tier_range_journalist,
        locations: v.locations,
        booking: v.booking,
        influencer_instructions: v.influencer_instructions,
        usage_rights: v.usage_rights,
      };
    });
}

export type CampaignInput = z.input<ReturnType<typeof campaignSchema>>;
export type CampaignValues = z.output<ReturnType<typeof campaignSchema>>;

/** Empty key player slots, one per role (spec: 4 slots). */
export function emptyKeyPlayers() {
  return KEY_PLAYER_ROLES.map((type) => ({ type, name: '', bio: '' }));
}

/** Expands a two-value slider [low, high] into the list of tiers the API stores. */
export function tierRangeFromSlider([low, high]: [number, number]): number[] {
  const a = Math.min(low, high);
  const b = Math.max(low, high);
  return Array.from({ length: b - a + 1 }, (_, i) => a + i);
}

export function sliderFromTierRange(list: number[]): [number, number] {
  if (list.length === 0) return [DEFAULT_TIER_RANGE[0] ?? 1, DEFAULT_TIER_RANGE[1] ?? 2];
  return [Math.min(...list), Math.max(...list)];
}

/** POST campaigns/{id}: the step the draft reopens at, and `review` to submit. */
export const campaignStatusInput = z.enum(['draft', 'review'], { error: () => 'The status must be draft or review.' });
