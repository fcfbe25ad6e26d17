/**
 * The JSON resources the API answers with (`{"data": ...}`), pinned here so the web app, the API
 * and the tests agree. Dates are YYYY-MM-DD, times HH:mm (24-hour), instants ISO 8601 strings, money
 * in whole US dollars (compensation) or cents (plans, fields ending in _cents).
 *
 * Zod schemas, not bare interfaces: the API declares them as Fastify response schemas (the reply is
 * checked and anything not listed here is stripped, so every field the API sends must be here) and
 * the web app can parse what it receives. The types are inferred, so the contract has one source.
 * Date and time strings are not pattern-checked: a malformed stored value should reach the screen
 * as text, not turn a whole reply into a 500.
 */
import { z } from 'zod';

import { CAMPAIGN_KINDS } from '../campaign-kinds';
import { MEDIA_TYPES } from '../roles';
import { BOOKING_STATUSES, CAMPAIGN_STATUSES, LIVE_BOOKING_STATUSES } from '../statuses';
import { WEEKDAY_SHORT, WEEKDAYS } from '../time';
import { GUEST_POLICIES } from '../validation/slots';
import { POST_CHECKS, TASK_POST_TYPES } from '../validation/task';
import { reliabilitySchema } from '../validation/visits';
import { dataOf } from './envelopes';
import { socialNetworkSchema } from './session';
import { usageRightsResourceSchema } from './usage-rights';
import { wireIdSchema } from './wire-id';

// ---------------------------------------------------------------- files, places, brands

export const fileRefSchema = z.object({
  id: wireIdSchema,
  name: z.string(),
  /** Storage key; the file is at `/files/<path>`. */
  path: z.string(),
  /** The small variant of an image; menus (PDFs) have none. */
  thumb_path: z.string().optional(),
});
export type FileRef = z.infer<typeof fileRefSchema>;

export const openingHoursResourceSchema = z.object({
  day: z.enum(WEEKDAYS),
  /** HH:mm. */
  start_time: z.string(),
  /** HH:mm. */
  end_time: z.string(),
});
export type OpeningHoursResource = z.infer<typeof openingHoursResourceSchema>;

export const locationResourceSchema = z.object({
  id: wireIdSchema,
  brand_id: wireIdSchema,
  name: z.string(),
  address: z.string(),
  email: z.string(),
  phone: z.string(),
  contact: z.string(),
  /** US ZIP of the place (distance search); null for a place without one. */
  zip: z.string().nullable().optional(),
  /** IANA zone the visit times of the place are in. */
  time_zone: z.string(),
  hours: z.array(openingHoursResourceSchema),
});
export type LocationResource = z.infer<typeof locationResourceSchema>;

/** A place as campaigns and bookings name it. */
export const locationSummarySchema = locationResourceSchema.pick({
  id: true,
  name: true,
  address: true,
  time_zone: true,
});
export type LocationSummary = z.infer<typeof locationSummarySchema>;

/** The place of a booking: with its phone, which a visit inside the cancel window is to call. */
export const bookingLocationSchema = locationResourceSchema.pick({
  id: true,
  name: true,
  address: true,
  phone: true,
  time_zone: true,
});

/** A brand's link, with its row id (unlike a user's, which has none). */
export const brandSocialNetworkSchema = z.object({ id: wireIdSchema, name: z.string(), handle: z.string() });
export type BrandSocialNetwork = z.infer<typeof brandSocialNetworkSchema>;

export const brandResourceSchema = z.object({
  id: wireIdSchema,
  name: z.string(),
  description: z.string().nullable(),
  address: z.string(),
  zip: z.string(),
  phones: z.string(),
  /** Storage key of the logo. */
  logo: z.string().nullable(),
  brandType: z.string().nullable(),
  socialnetworks: z.array(brandSocialNetworkSchema),
  /** Live locations only (deleted ones stay for past bookings but are not listed). */
  locations: z.array(locationResourceSchema),
  menus: z.array(fileRefSchema),
  photos: z.array(fileRefSchema),
});
export type BrandResource = z.infer<typeof brandResourceSchema>;

export const brandSummarySchema = brandResourceSchema.pick({ id: true, name: true, logo: true, brandType: true });
export type BrandSummary = z.infer<typeof brandSummarySchema>;

// ---------------------------------------------------------------- campaigns

export const keyPlayerResourceSchema = z.object({
  type: z.string(),
  name: z.string(),
  bio: z.string(),
});
export type KeyPlayerResource = z.infer<typeof keyPlayerResourceSchema>;

/** Hours of a weekday that cannot be booked (times, not dates: the wizard picks half-hour slots). */
export const unavailableRangeResourceSchema = z.object({
  /** HH:mm, start of the blocked hours. */
  from: z.string(),
  /** HH:mm, after `from`. */
  to: z.string(),
});
export type UnavailableRangeResource = z.infer<typeof unavailableRangeResourceSchema>;

export const campaignBookingResourceSchema = z.object({
  /** Whole US dollars per guest. */
  compensation: z.int(),
  max_bookings_per_week: z.int(),
  max_guests: z.int(),
  /** The campaign only informs: nothing can be booked. */
  information_only: z.boolean(),
  tip: z.string().nullable(),
  /** Whether `unavailable_dates` apply. */
  switch: z.boolean(),
  /** Per weekday (`mon`..`sun`), the hours not bookable every such day; days without any are absent. */
  unavailable_dates: z.partialRecord(z.enum(WEEKDAY_SHORT), z.array(unavailableRangeResourceSchema)),
  // Comp terms (issue 30). Absent on campaigns saved before them: no terms, guests as before.
  /** What the comp includes, up to 10 short lines ("Tasting menu for two"). */
  includes: z.array(z.string()).optional(),
  /** A cap in whole dollars on what the comp covers; null: none. */
  allowance: z.int().nullable().optional(),
  /** none: no guests; optional: 0 to max_guests; required: 1 to max_guests; null: as before (1 to max_guests). */
  guest_policy: z.enum(GUEST_POLICIES).nullable().optional(),
});
export type CampaignBookingResource = z.infer<typeof campaignBookingResourceSchema>;

export const influencerInstructionsResourceSchema = z.object({
  tagging_required: z.boolean(),
  geotag_required: z.boolean(),
  posts_required: z.int(),
  stories_required: z.int(),
  hashtags: z.array(z.string()),
});
export type InfluencerInstructionsResource = z.infer<typeof influencerInstructionsResourceSchema>;

export const campaignAttributesSchema = z.object({
  launch_date: z.string().nullable(),
  opening_date: z.string().nullable(),
  event_date: z.string().nullable(),
  end_date: z.string().nullable(),
  from_time: z.string().nullable(),
  to_time: z.string().nullable(),
  key_players: z.array(keyPlayerResourceSchema),
});

export const featuredPhotoSchema = fileRefSchema.extend({ campaign_id: wireIdSchema });

export const campaignResourceSchema = z.object({
  id: wireIdSchema,
  name: z.string(),
  description: z.string(),
  brand_id: wireIdSchema,
  brand: brandSummarySchema,
  category_id: z.int(),
  /** `expired` is computed on read once `expires_on` has passed. */
  status: z.enum(CAMPAIGN_STATUSES),
  /** Wizard step the draft was last saved at (0-4). */
  step: z.int(),
  attributes_type: z.enum(CAMPAIGN_KINDS),
  attributes: campaignAttributesSchema,
  featuredphotos: z.array(featuredPhotoSchema),
  locations: z.array(locationSummarySchema),
  /** Null while the draft has not reached the Bookings step. */
  type: z.object({ booking: campaignBookingResourceSchema.nullable() }),
  target: z.array(z.enum(MEDIA_TYPES)),
  tier_range_influencer: z.array(z.int()),
  tier_range_journalist: z.array(z.int()),
  influencer_instructions: influencerInstructionsResourceSchema.nullable(),
  /** Why staff sent the campaign back to draft, shown to the brand on the draft. */
  review_reason: z.string().nullable(),
  /** The last day the campaign is offered; null while no date is known. */
  expires_on: z.string().nullable(),
  created_at: z.string(),
  /** What the brand may do with the delivered content, and for how long (issue 28); null: not said. */
  usage_rights: usageRightsResourceSchema.nullable().optional(),
  /** Media side: the open or booked invitation of the asking user to this campaign (issue 28). */
  invitation: z
    .object({ id: wireIdSchema, brand_name: z.string(), note: z.string().nullable(), status: z.string() })
    .nullable()
    .optional(),
  /**
   * Media side, one campaign's read: the asking user's live booking of it (one per campaign), so
   * that the page offers the booking rather than a second request.
   */
  my_booking: z
    .object({
      id: wireIdSchema,
      status: z.enum(LIVE_BOOKING_STATUSES),
      booking_date: z.string(),
      booking_time: z.string(),
    })
    .nullable()
    .optional(),
});
export type CampaignResource = z.infer<typeof campaignResourceSchema>;

// ---------------------------------------------------------------- media users

export const mediaUserSummarySchema = z.object({
  id: wireIdSchema,
  name: z.string(),
  profile_picture: z.string().nullable(),
  type: z.enum(MEDIA_TYPES),
  /** Tier 1-4; null until staff set one. */
  tier_range: z.int().nullable(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  workplace: z.string().nullable(),
  socialnetworks: z.array(socialNetworkSchema),
});
export type MediaUserSummary = z.infer<typeof mediaUserSummarySchema>;

export const mediaProfileResourceSchema = mediaUserSummarySchema.extend({
  /** Only the user themself sees it; a brand reading the profile does not. */
  email: z.string().optional(),
  press_places: z.array(z.string()),
  /** Sent when the profile is read (GET), absent from the answers of an edit. */
  reliability: reliabilitySchema.optional(),
  /** Only the user themself: shown in brands' creator directory (issue 28), true by default. */
  directory_listed: z.boolean().optional(),
});
export type MediaProfileResource = z.infer<typeof mediaProfileResourceSchema>;

// ---------------------------------------------------------------- bookings and tasks

export const taskPostResourceSchema = z.object({
  type: z.enum(TASK_POST_TYPES),
  link: z.string(),
  /** How the link was checked (POST_CHECKS): "link checked", "link format checked" or null, "not checked". */
  check: z.enum(POST_CHECKS).nullable(),
});
export type TaskPostResource = z.infer<typeof taskPostResourceSchema>;

export const bookingTaskSummarySchema = z.object({
  id: wireIdSchema,
  completed: z.boolean(),
  posts: z.array(taskPostResourceSchema),
  /** 7 days after the visit; after that an open task is overdue. */
  due_at: z.string(),
  overdue: z.boolean(),
  /** Closed because the visit was a no-show. */
  closed: z.boolean(),
});
export type BookingTaskSummary = z.infer<typeof bookingTaskSummarySchema>;

export const bookingDisputeSchema = z.object({
  note: z.string(),
  disputed_at: z.string(),
  /** Null while staff have not settled it. */
  outcome: z.enum(['no_show', 'finished']).nullable(),
  settled_at: z.string().nullable(),
});
export type BookingDispute = z.infer<typeof bookingDisputeSchema>;

export const bookingResourceSchema = z.object({
  id: wireIdSchema,
  status: z.enum(BOOKING_STATUSES),
  /** YYYY-MM-DD, in the location's zone. */
  booking_date: z.string(),
  /** HH:mm, in the location's zone. */
  booking_time: z.string(),
  guests: z.int(),
  campaign_id: wireIdSchema,
  location_id: wireIdSchema,
  review: z.string().nullable(),
  rate: z.int().nullable(),
  influencer: mediaUserSummarySchema,
  campaign: z.object({
    id: wireIdSchema,
    name: z.string(),
    category_id: z.int(),
    brand: brandSummarySchema,
    type: z.object({
      booking: campaignBookingResourceSchema
        .pick({ compensation: true })
        .extend({
          /**
           * The campaign's tip, part of what the comp includes: the single read
           * (`GET influencers/{id}/bookings/{bookingId}`, the visit pass) sends it; lists leave it out.
           */
          tip: z.string().nullable().optional(),
          includes: z.array(z.string()).optional(),
          allowance: z.int().nullable().optional(),
          guest_policy: z.enum(GUEST_POLICIES).nullable().optional(),
          max_guests: z.int().optional(),
        })
        .nullable(),
    }),
  }),
  location: bookingLocationSchema,
  task: bookingTaskSummarySchema.nullable(),
  /** Brand side: the visit time has passed and no rating exists yet (Rate Visit shown). */
  can_rate: z.boolean(),
  created_at: z.string(),
  /** Media side only (null for the brand): the code the brand checks at the door. */
  check_in_code: z.string().nullable(),
  checked_in_at: z.string().nullable(),
  /** When check-in opens and closes (2 h before to 12 h after the visit); null unless accepted. */
  check_in_opens_at: z.string().nullable(),
  check_in_closes_at: z.string().nullable(),
  /** Brand side: an accepted visit without check-in, 2 hours past (Mark as no-show shown). */
  can_mark_no_show: z.boolean(),
  no_show_at: z.string().nullable(),
  dispute: bookingDisputeSchema.nullable(),
  /** Media side: a no-show not yet disputed, inside 48 hours ("I was there" shown). */
  can_dispute: z.boolean(),
  dispute_until: z.string().nullable(),
  /**
   * The booking's conversation (issue 26), opened with the request. Absent reads as null: a visit
   * pass kept offline before it existed still opens.
   */
  conversation_id: z.int().nullable().default(null),
  /** Why a declined booking was declined: `expired` when its visit time passed without an answer. */
  decline_reason: z.enum(['expired']).nullable(),
  /** The media user's reliability (decisions.md): "96% reliable · 24 visits" or "New". */
  reliability: reliabilitySchema,
  /** Who on the brand's side accepted, declined, checked in or marked the no-show (brand teams). */
  decided_by: z.object({ name: z.string() }).nullable(),
  /** Another time the brand proposed for a pending request (issue 30); null when none is open. */
  proposal: z.object({ booking_date: z.string(), booking_time: z.string(), note: z.string() }).nullable(),
  /** When the media user confirmed they will come (from 24 hours before the visit). */
  confirmed_at: z.string().nullable(),
  /** Media side: an accepted visit inside the confirmation window, not confirmed yet. */
  can_confirm: z.boolean(),
  /** Brand side, accepted visits: confirmed, or not confirmed from 3 hours before; null otherwise. */
  attendance: z.enum(['confirmed', 'not_confirmed']).nullable(),
});
export type BookingResource = z.infer<typeof bookingResourceSchema>;

export const taskResourceSchema = z.object({
  id: wireIdSchema,
  completed: z.boolean(),
  geolocalized: z.boolean(),
  hashtagged: z.boolean(),
  posted: z.boolean(),
  tagged: z.boolean(),
  /** The media user's rating of the visit (1-5), null until the task is completed. */
  rating: z.int().nullable(),
  /** The journalist's coverage option (COVERAGE_OPTIONS), null for influencers. */
  propertyOption: z.string().nullable(),
  posts: z.array(taskPostResourceSchema),
  influencer_instructions: influencerInstructionsResourceSchema.nullable(),
  brand: brandSummarySchema.pick({ id: true, name: true, logo: true }),
  name: z.string(),
  booking_date: z.string(),
  booking_time: z.string(),
  /** Whether the visit time has passed (completion allowed). */
  can_complete: z.boolean(),
  /** The booking as the media side sees it. */
  booking: bookingResourceSchema,
  /** The campaign's usage rights (issue 28): what the venue may do with what is delivered. */
  usage_rights: usageRightsResourceSchema.nullable().optional(),
});
export type TaskResource = z.infer<typeof taskResourceSchema>;

// ---------------------------------------------------------------- plans

export const planResourceSchema = z.object({
  id: wireIdSchema,
  title: z.string(),
  /** `price_cents / 100`: dollars, not necessarily whole. */
  price: z.number(),
  price_cents: z.int(),
  /** Monthly price during the first `intro_months` months. */
  intro_price_cents: z.int(),
  intro_months: z.int(),
  features: z.array(z.string()),
  allowed_locations: z.int(),
  allowed_brands: z.int(),
});
export type PlanResource = z.infer<typeof planResourceSchema>;

/** Which card form the checkout page shows: our own fields (local) or the provider's Elements. */
export const productsMetaSchema = z.object({
  provider: z.enum(['local', 'stripe']),
  /** Stripe only. */
  publishable_key: z.string().optional(),
});
export type ProductsMeta = z.infer<typeof productsMetaSchema>;

/**
 * `GET subscriptions/products`: the plans, and a `meta` that is not page meta (the list is never
 * paged). Not a bare array: a client that reads it as one crashes (the /plans bug).
 */
export const productsResponseSchema = dataOf(z.array(planResourceSchema)).extend({ meta: productsMetaSchema });
export type ProductsResponse = z.infer<typeof productsResponseSchema>;
