import type {
  CampaignBookingResource,
  InfluencerInstructionsResource,
  KeyPlayerResource,
  OpeningHoursResource,
  UnavailableRangeResource,
} from '@comped/shared/schemas/resources';
import type { ContentRightsResource, UsageRightsResource } from '@comped/shared/schemas/usage-rights';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// Integer identities for every entity: the public API uses numeric ids (spec section 7), and every
// route checks ownership, so the ids being guessable reveals nothing.
const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true });

// ---------------------------------------------------------------- users and sessions

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** Null for accounts that have only a temporary or initial password so far. */
    passwordHash: text('password_hash'),
    role: text('role').$type<'brands' | 'influencer' | 'journalist' | 'staff'>().notNull(),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    profilePicture: text('profile_picture'),
    tier: integer('tier'),
    bio: text('bio'),
    location: text('location'),
    workplace: text('workplace'),
    instagram: text('instagram'),
    twitter: text('twitter'),
    tiktok: text('tiktok'),
    pressPlaces: jsonb('press_places').$type<string[]>().notNull().default([]),
    /** Shown in brands' creator directory (issue 28); the media user switches it off in their profile. */
    directoryListed: boolean('directory_listed').notNull().default(true),
    /**
     * The user's reliability (percent, null while none is decided, and decided visits), copied from
     * media_reliability by the same triggers in the same transaction (migration 0022), so the
     * creator directory's order is an index here: the directory's filter and its sort key on one row.
     */
    reliabilityPercent: smallint('reliability_percent'),
    reliabilityVisits: integer('reliability_visits').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    // The creator directory (list-creators.ts) in each of its orders, over the listed users only: a
    // page read by number walks these entries without a sort, and a page after a cursor seeks to it
    // with one row comparison. No score yet sorts last as -1 (a score is 0 to 100), so the key has
    // no nulls for that comparison to trip on. The score itself closes the key (the id is unique, so
    // it never orders anything): PostgreSQL reads an expression's column from the index only when
    // the index holds that column, and without it a page opened by number read every row it
    // skipped. The predicate is written as the list writes it, with literals, so the planner can
    // prove it.
    index('users_directory_reliability_idx')
      .on(
        sql`coalesce(${t.reliabilityPercent}, -1) desc`,
        t.reliabilityVisits.desc(),
        t.id.desc(),
        t.reliabilityPercent,
      )
      .where(sql`role in ('influencer', 'journalist') and tier is not null and directory_listed`),
    index('users_directory_visits_idx')
      .on(
        t.reliabilityVisits.desc(),
        sql`coalesce(${t.reliabilityPercent}, -1) desc`,
        t.id.desc(),
        t.reliabilityPercent,
      )
      .where(sql`role in ('influencer', 'journalist') and tier is not null and directory_listed`),
  ],
);

export const accessTokens = pgTable(
  'access_tokens',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [uniqueIndex('access_tokens_hash_unique').on(t.tokenHash), index('access_tokens_user_idx').on(t.userId)],
);

/** Temporary (reset) and initial (approval) passwords: random, expiring, single use. */
export const temporaryPasswords = pgTable(
  'temporary_passwords',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'reset' | 'initial'>().notNull(),
    passwordHash: text('password_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('temporary_passwords_user_idx').on(t.userId)],
);

export const mediaApplications = pgTable(
  'media_applications',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    type: text('type').$type<'influencer' | 'journalist'>().notNull(),
    instagram: text('instagram').notNull(),
    twitter: text('twitter'),
    tiktok: text('tiktok'),
    workplace: text('workplace'),
    press1: text('press1'),
    press2: text('press2'),
    status: text('status').$type<'pending' | 'approved' | 'rejected'>().notNull().default('pending'),
    tier: integer('tier'),
    reason: text('reason'),
    userId: integer('user_id').references(() => users.id),
    /**
     * A tier check of an existing account (its Instagram handle changed after approval) rather than
     * a sign-up: `user_id` names the account from the start, and approval sets its tier.
     */
    tierCheck: boolean('tier_check').notNull().default(false),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    reviewedAt: ts('reviewed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('media_applications_status_idx').on(t.status, t.id),
    // Reviewed applications, the latest decision first.
    index('media_applications_reviewed_idx').on(t.status, t.reviewedAt, t.id),
    // One pending application per e-mail, enforced by the database as well as the route.
    uniqueIndex('media_applications_pending_email_unique')
      .on(t.email)
      .where(sql`status = 'pending'`),
  ],
);

/**
 * How many media applications have each status: the staff applications queue's exact `total`
 * without counting the queue. Kept by the `media_application_status_counts_sync` trigger on
 * media_applications (migration 0012).
 */
export const mediaApplicationStatusCounts = pgTable('media_application_status_counts', {
  status: text('status').primaryKey(),
  n: integer('n').notNull(),
});

/**
 * Rate-limit counters checked and recorded in one statement (`INSERT ... ON CONFLICT DO UPDATE ...
 * RETURNING`, plugins/rate-limit.ts), so concurrent tries cannot slip past: a fixed window
 * (`count` since `window_start`) or, for failed sign-ins per (e-mail, address), a growing delay
 * (`blocked_until`; `refused` tells the caller whether its own try was let through).
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: ts('window_start').notNull(),
  blockedUntil: ts('blocked_until'),
  refused: boolean('refused').notNull().default(false),
  updatedAt: ts('updated_at').notNull(),
});

// ---------------------------------------------------------------- brands and assets

export const brands = pgTable(
  'brands',
  {
    id: id(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    address: text('address').notNull(),
    zip: text('zip').notNull(),
    phones: text('phones').notNull(),
    logo: text('logo'),
    brandType: text('brand_type'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('brands_owner_idx').on(t.ownerId),
    // Discovery search by brand name (ILIKE '%q%'): trigram index, extension in 0001_pg_trgm.
    index('brands_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

export const brandSocialNetworks = pgTable(
  'brand_social_networks',
  {
    id: id(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    handle: text('handle').notNull(),
  },
  (t) => [uniqueIndex('brand_social_networks_unique').on(t.brandId, t.name)],
);

/** A JSON column's type is the shared resource it is served as (packages/shared/src/schemas/resources.ts). */
export type OpeningHours = OpeningHoursResource;

export const locations = pgTable(
  'locations',
  {
    id: id(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    contact: text('contact').notNull(),
    /** US ZIP of the place (defaults to the brand's): distance filters and the default time zone. */
    zip: text('zip'),
    timeZone: text('time_zone').notNull(),
    hours: jsonb('hours').$type<OpeningHours[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Soft delete: past bookings keep pointing at the place they were made for. */
    deletedAt: ts('deleted_at'),
  },
  (t) => [index('locations_brand_idx').on(t.brandId), index('locations_zip_idx').on(t.zip)],
);

export const menus = pgTable(
  'menus',
  {
    id: id(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Storage key, generated by the server. */
    path: text('path').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('menus_brand_idx').on(t.brandId)],
);

export const photos = pgTable(
  'photos',
  {
    id: id(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    path: text('path').notNull(),
    thumbPath: text('thumb_path').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('photos_brand_idx').on(t.brandId)],
);

// ---------------------------------------------------------------- money

export const plans = pgTable('plans', {
  id: id(),
  title: text('title').notNull(),
  /** Amounts in US cents. */
  priceCents: integer('price_cents').notNull(),
  introPriceCents: integer('intro_price_cents').notNull(),
  introMonths: integer('intro_months').notNull(),
  features: jsonb('features').$type<string[]>().notNull().default([]),
  allowedLocations: integer('allowed_locations').notNull(),
  allowedBrands: integer('allowed_brands').notNull(),
  stripePriceId: text('stripe_price_id'),
  createdAt: createdAt(),
});

/** Local provider only: what the hosted provider would keep. Never a full card number. */
export const paymentMethods = pgTable('payment_methods', {
  id: text('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  cardholderName: text('cardholder_name').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  /** Which test card behaviour to simulate at charge time ("succeeds", "declined", ...). */
  outcome: text('outcome').notNull(),
  createdAt: createdAt(),
});

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    status: text('status').$type<'active' | 'past_due' | 'canceled'>().notNull(),
    provider: text('provider').$type<'local' | 'stripe'>().notNull(),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    paymentMethodId: text('payment_method_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    monthsBilled: integer('months_billed').notNull().default(0),
    currentPeriodStart: ts('current_period_start').notNull(),
    currentPeriodEnd: ts('current_period_end').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscriptions_user_unique').on(t.userId),
    uniqueIndex('subscriptions_provider_sub_unique').on(t.providerSubscriptionId),
  ],
);

export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').$type<'paid' | 'failed' | 'open'>().notNull(),
    periodStart: ts('period_start').notNull(),
    periodEnd: ts('period_end').notNull(),
    /** Provider's invoice id, or "local:<subscription>:<period>": makes each charge record unique. */
    providerInvoiceId: text('provider_invoice_id').notNull(),
    failureMessage: text('failure_message'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('invoices_provider_unique').on(t.providerInvoiceId)],
);

/**
 * A payment that waits for the card holder (3-D Secure): the first payment of a checkout, or a
 * renewal the bank wants authenticated. The id is random (it is in the link mailed to the brand).
 * Checkout: the subscription becomes active only when this payment succeeds (the local challenge is
 * completed, or the provider's webhook reports the invoice paid).
 */
export const subscriptionPayments = pgTable(
  'subscription_payments',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    kind: text('kind').$type<'checkout' | 'renewal'>().notNull(),
    provider: text('provider').$type<'local' | 'stripe'>().notNull(),
    status: text('status').$type<'requires_action' | 'succeeded' | 'failed' | 'canceled'>().notNull(),
    /** Which month of the plan this payment pays (months_billed once it succeeds). */
    month: integer('month').notNull(),
    amountCents: integer('amount_cents').notNull(),
    paymentMethodId: text('payment_method_id'),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    /** The provider's invoice (or "local:<subscription>:<period start>" for a local renewal). */
    providerInvoiceId: text('provider_invoice_id'),
    periodStart: ts('period_start'),
    periodEnd: ts('period_end'),
    failureMessage: text('failure_message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscription_payments_invoice_unique').on(t.providerInvoiceId),
    index('subscription_payments_user_idx').on(t.userId, t.status),
  ],
);

/** Webhook events already applied: a redelivered event is recognised and skipped. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: createdAt(),
});

// ---------------------------------------------------------------- campaigns

// The JSON columns of a campaign are stored as the shared resources serve them.
export type KeyPlayer = KeyPlayerResource;
export type UnavailableRange = UnavailableRangeResource;
export type CampaignBookingSettings = CampaignBookingResource;
export type InfluencerInstructions = InfluencerInstructionsResource;

export const campaigns = pgTable(
  'campaigns',
  {
    id: id(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').notNull(),
    status: text('status').$type<'draft' | 'review' | 'approved' | 'expired'>().notNull().default('draft'),
    step: integer('step').notNull().default(0),
    name: text('name').notNull(),
    description: text('description').notNull(),
    launchDate: date('launch_date', { mode: 'string' }),
    openingDate: date('opening_date', { mode: 'string' }),
    eventDate: date('event_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    fromTime: text('from_time'),
    toTime: text('to_time'),
    keyPlayers: jsonb('key_players').$type<KeyPlayer[]>().notNull().default([]),
    target: text('target')
      .array()
      .notNull()
      .default(sql`ARRAY['influencer']::text[]`),
    tierRangeInfluencer: integer('tier_range_influencer')
      .array()
      .notNull()
      .default(sql`ARRAY[1,2]::integer[]`),
    tierRangeJournalist: integer('tier_range_journalist')
      .array()
      .notNull()
      .default(sql`ARRAY[1,2]::integer[]`),
    booking: jsonb('booking').$type<CampaignBookingSettings>(),
    influencerInstructions: jsonb('influencer_instructions').$type<InfluencerInstructions>(),
    /** What the brand may do with the creators' content, and for how long (issue 28); null: not said. */
    usageRights: jsonb('usage_rights').$type<UsageRightsResource>(),
    /** Last day on which the campaign is offered (decisions.md, Review and lifecycle). */
    expiresOn: date('expires_on', { mode: 'string' }),
    reviewReason: text('review_reason'),
    submittedAt: ts('submitted_at'),
    approvedAt: ts('approved_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    index('campaigns_brand_status_idx').on(t.brandId, t.status, t.id),
    index('campaigns_status_expiry_idx').on(t.status, t.expiresOn, t.id),
    // Discovery search by campaign name (ILIKE '%q%'): trigram index, extension in 0001_pg_trgm.
    index('campaigns_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    // Staff review queue and status lists: one status, oldest or newest first (docs/performance.md).
    index('campaigns_status_id_idx')
      .on(t.status, t.id)
      .where(sql`deleted_at is null`),
    // The health report's median time to approve, over the weeks it computes live.
    index('campaigns_approved_idx')
      .on(t.approvedAt, t.submittedAt)
      .where(sql`approved_at is not null`),
  ],
);

/**
 * Who may see an approved campaign, one row per (media type, tier) it is aimed at: the visibility
 * rule of campaign-visibility.ts as an index. Written only by the `campaign_audiences_sync` trigger
 * on campaigns (migration 0006), so it never drifts from the campaign. `expires_on` is 'infinity'
 * when the campaign has no last day. The key is the discovery order, newest first, and carries
 * expires_on so a page or a pinned count is an index-only scan (docs/performance.md).
 */
export const campaignAudiences = pgTable(
  'campaign_audiences',
  {
    mediaType: text('media_type').$type<'influencer' | 'journalist'>().notNull(),
    tier: integer('tier').notNull(),
    campaignId: integer('campaign_id').notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.mediaType, t.tier, t.campaignId, t.expiresOn] }),
    index('campaign_audiences_campaign_idx').on(t.campaignId),
  ],
);

/**
 * How many campaigns each audience sees, by last day: discovery's exact `total` is the sum of the
 * rows with expires_on >= today (one row per distinct day, not per campaign). Kept by the
 * `campaign_audience_counts_sync` trigger on campaign_audiences (migration 0006).
 */
export const campaignAudienceCounts = pgTable(
  'campaign_audience_counts',
  {
    mediaType: text('media_type').$type<'influencer' | 'journalist'>().notNull(),
    tier: integer('tier').notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.mediaType, t.tier, t.expiresOn] })],
);

/**
 * How many campaigns, not deleted, have each stored status: the staff review queue's exact `total`
 * without counting the queue (docs/performance.md). Kept by the `campaign_status_counts_sync`
 * trigger on campaigns (migration 0012), in the same transaction as the change.
 */
export const campaignStatusCounts = pgTable('campaign_status_counts', {
  status: text('status').primaryKey(),
  n: integer('n').notNull(),
});

/**
 * A version per discovery audience, bumped by the `campaign_audience_versions_bump` triggers on
 * campaign_audiences (migration 0021) in the same transaction as any row of the audience that comes
 * or goes: page marks of an older version are never read.
 */
export const campaignAudienceVersions = pgTable(
  'campaign_audience_versions',
  {
    mediaType: text('media_type').$type<'influencer' | 'journalist'>().notNull(),
    tier: integer('tier').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.mediaType, t.tier] })],
);

/**
 * Page marks of discovery (campaign-paging.ts): the campaign id at every Kth position (its row
 * number, 1-based) of an audience's list as it stood on `day` at `version`, so a page opened by
 * number seeks from the nearest mark instead of walking the whole offset. Built on demand; rows of
 * older versions or days are dropped by the next build.
 */
export const discoveryPageMarks = pgTable(
  'discovery_page_marks',
  {
    mediaType: text('media_type').$type<'influencer' | 'journalist'>().notNull(),
    tier: integer('tier').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
    position: integer('position').notNull(),
    campaignId: integer('campaign_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.mediaType, t.tier, t.day, t.version, t.position] })],
);

/**
 * Each media user's reliability figures (reliability.ts): `visits` decided visits in all, `good`
 * of the newest `decided` (at most the window). Kept by the `media_reliability_*` triggers on
 * bookings and tasks (migration 0021) in the same transaction as the change; a user without a
 * decided visit has no row or a row of zeros. `media_reliability_rebuild()` recomputes every row.
 */
export const mediaReliability = pgTable('media_reliability', {
  userId: integer('user_id').primaryKey(),
  visits: integer('visits').notNull(),
  good: integer('good').notNull(),
  decided: integer('decided').notNull(),
});

/**
 * How many bookings each brand has per location and status: the brand's (and a host's, over their
 * locations) bookings tabs' exact `total` without counting the tab. Kept by the
 * `booking_counts_*` triggers on bookings (migration 0021).
 */
export const brandBookingCounts = pgTable(
  'brand_booking_counts',
  {
    brandId: integer('brand_id').notNull(),
    locationId: integer('location_id').notNull(),
    status: text('status').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.locationId, t.status] })],
);

/** How many bookings each media user has per status: their bookings tabs' `total` (as above). */
export const mediaBookingCounts = pgTable(
  'media_booking_counts',
  {
    userId: integer('user_id').notNull(),
    status: text('status').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.status] })],
);

export const campaignLocations = pgTable(
  'campaign_locations',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.locationId] })],
);

export const campaignPhotos = pgTable(
  'campaign_photos',
  {
    id: id(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    /** Generated name without extension: the `{photoId}` of DELETE campaigns/{id}/photos/{photoId}. */
    name: text('name').notNull(),
    path: text('path').notNull(),
    thumbPath: text('thumb_path').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('campaign_photos_campaign_idx').on(t.campaignId),
    uniqueIndex('campaign_photos_name_unique').on(t.name),
  ],
);

// ---------------------------------------------------------------- bookings and tasks

export const bookings = pgTable(
  'bookings',
  {
    id: id(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    status: text('status')
      .$type<'pending' | 'accepted' | 'finished' | 'declined' | 'cancelled' | 'no_show'>()
      .notNull(),
    bookingDate: date('booking_date', { mode: 'string' }).notNull(),
    bookingTime: text('booking_time').notNull(),
    /** Monday of the booking's week: the unit of weekly capacity. */
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    /** The visit as an instant, from date + time in the location's zone. */
    visitAt: ts('visit_at').notNull(),
    guests: integer('guests').notNull(),
    review: text('review'),
    rate: integer('rate'),
    ratedAt: ts('rated_at'),
    rateVibe: integer('rate_vibe'),
    rateFood: integer('rate_food'),
    rateService: integer('rate_service'),
    rateGeneral: integer('rate_general'),
    experienceRatedAt: ts('experience_rated_at'),
    // Check-in (decisions.md, Beyond the specification): the code is made on accept.
    checkInCode: text('check_in_code'),
    checkedInAt: ts('checked_in_at'),
    /** Who on the brand's side last decided the booking: accepted, declined, checked in, marked the no-show. */
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    /** Wrong codes since the last lock; five lock check-in until `checkInLockedUntil`. */
    checkInFailures: integer('check_in_failures').notNull().default(0),
    checkInLockedUntil: ts('check_in_locked_until'),
    noShowAt: ts('no_show_at'),
    cancelledAt: ts('cancelled_at'),
    /** Why a declined booking was declined: 'expired' when its visit time passed unanswered. */
    declineReason: text('decline_reason').$type<'expired'>(),
    /** The media user's "I was there" note, and how staff settled it ('no_show' stands or 'finished'). */
    disputeNote: text('dispute_note'),
    disputedAt: ts('disputed_at'),
    disputeSettledAt: ts('dispute_settled_at'),
    disputeOutcome: text('dispute_outcome').$type<'no_show' | 'finished'>(),
    /** SEQUENCE of the last calendar invitation sent; null when none was ever sent. */
    inviteSequence: integer('invite_sequence'),
    /** Another time the brand proposed for the pending request (issue 30); null when none is open. */
    proposal: jsonb('proposal').$type<BookingProposal>(),
    /** When the media user confirmed they will come (from 24 hours before the visit). */
    confirmedAt: ts('confirmed_at'),
    /** When the brand answered the request (accepted or declined it), for the staff's health report. */
    answeredAt: ts('answered_at'),
    /**
     * The task's state, for the health report's tasks-within-7-days (no join to tasks): written only
     * by the `health_task_sync` trigger on tasks (migration 0020).
     */
    hasTask: boolean('has_task').notNull().default(false),
    taskCompletedAt: ts('task_completed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One live booking per media user and campaign, enforced by the database.
    uniqueIndex('bookings_one_live_per_user')
      .on(t.campaignId, t.userId)
      .where(sql`status in ('pending', 'accepted', 'finished')`),
    index('bookings_campaign_week_idx').on(t.campaignId, t.weekStart, t.status),
    // The staff's health report reads the weeks it computes live from this index alone (an
    // index-only scan: every column it reads is a key), not from the bookings' pages (ADR 023).
    index('bookings_week_idx').on(
      t.weekStart,
      t.status,
      t.brandId,
      t.userId,
      t.checkInCode,
      t.disputedAt,
      t.answeredAt,
      t.createdAt,
      t.visitAt,
      t.hasTask,
      t.taskCompletedAt,
    ),
    // A user's or a brand's tab in visit order (lists page by visit_at, id): docs/performance.md.
    index('bookings_user_status_idx').on(t.userId, t.status, t.visitAt, t.id),
    index('bookings_brand_status_idx').on(t.brandId, t.status, t.visitAt, t.id),
    index('bookings_status_visit_idx').on(t.status, t.visitAt),
    // Brand insights: a brand's bookings in a date range, in one scan.
    index('bookings_brand_date_idx').on(t.brandId, t.bookingDate),
    // The reliability score reads each media user's visits, newest first.
    index('bookings_user_visit_idx').on(t.userId, t.visitAt),
    index('bookings_open_disputes_idx')
      .on(t.disputedAt)
      .where(sql`disputed_at is not null and dispute_settled_at is null`),
  ],
);

/** Reminder mails already queued: one row per booking and kind, so a re-run job never mails twice. */
export const bookingReminders = pgTable(
  'booking_reminders',
  {
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'visit-24h' | 'visit-2h' | 'task-day-3' | 'task-day-6'>().notNull(),
    sentAt: ts('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.kind] })],
);

export interface TaskPost {
  type: 'post' | 'story';
  link: string;
  /** How the post verifier checked the link (modules/tasks/post-verifier.ts); null: it could not. */
  check?: 'network' | 'format' | null;
  /** Posts stored before `check`: true when the verifier confirmed the author, read as `format`. */
  checked?: boolean;
}

export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    completed: boolean('completed').notNull().default(false),
    geolocalized: boolean('geolocalized').notNull().default(false),
    hashtagged: boolean('hashtagged').notNull().default(false),
    posted: boolean('posted').notNull().default(false),
    tagged: boolean('tagged').notNull().default(false),
    rating: integer('rating'),
    propertyOption: text('property_option'),
    posts: jsonb('posts').$type<TaskPost[]>().notNull().default([]),
    completedAt: ts('completed_at'),
    /** Set when the visit was marked no-show: the task is no longer open. */
    closedAt: ts('closed_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tasks_booking_unique').on(t.bookingId), index('tasks_user_idx').on(t.userId, t.completed, t.id)],
);

// ---------------------------------------------------------------- the staff's marketplace health

/**
 * The health report's figures of a settled week (ADR 023), as the live statement computes them.
 * `version` is bumped by the triggers of migration 0020 whenever a write could change the week's
 * figures; the stored figures count only while `computed_version` (the version they were computed
 * at, read in the same snapshot) equals it.
 */
export const healthWeeks = pgTable('health_weeks', {
  week: date('week', { mode: 'string' }).primaryKey(),
  version: integer('version').notNull().default(0),
  computedVersion: integer('computed_version'),
  requested: integer('requested'),
  accepted: integer('accepted'),
  hosted: integer('hosted'),
  booked: integer('booked'),
  noShows: integer('no_shows'),
  disputes: integer('disputes'),
  brands: integer('brands'),
  media: integer('media'),
  answerS: doublePrecision('answer_s'),
  tasksDue: integer('tasks_due'),
  tasksOnTime: integer('tasks_on_time'),
  campaignS: doublePrecision('campaign_s'),
});

/**
 * Live campaigns as changes per week (ADR 023): each approved or expired campaign not deleted adds
 * 1 and its weekly places at its approval's week and takes them away the week after its last day's,
 * so a week's live campaigns and capacity are the sums up to it. Written only by the
 * `health_campaign_sync` trigger on campaigns (migration 0020).
 */
export const campaignLiveWeeks = pgTable('campaign_live_weeks', {
  week: date('week', { mode: 'string' }).primaryKey(),
  campaigns: integer('campaigns').notNull(),
  places: integer('places').notNull(),
});

// ---------------------------------------------------------------- conversations and notifications

/**
 * One thread per booking (`booking_id`), and one per journalist and brand for Contact Brand
 * (`booking_id` null): decisions.md, "Beyond the specification, round 3". Who on the brand side
 * takes part is conversations.policy.ts's to say, not a column.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    mediaUserId: integer('media_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The last activity (a message or an event): the inbox's order, newest first. */
    lastMessageAt: ts('last_message_at').notNull().defaultNow(),
    lastMessageId: integer('last_message_id'),
    /** Staff closed it after a report: it reads, but takes no new messages. */
    closedAt: ts('closed_at'),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('conversations_booking_unique').on(t.bookingId),
    // One Contact Brand thread per journalist and brand.
    uniqueIndex('conversations_contact_unique')
      .on(t.brandId, t.mediaUserId)
      .where(sql`booking_id is null`),
    // Each side's inbox, newest activity first (read backwards), paged by (last_message_at, id).
    index('conversations_media_inbox_idx').on(t.mediaUserId, t.lastMessageAt, t.id),
    index('conversations_brand_inbox_idx').on(t.brandId, t.lastMessageAt, t.id),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: id(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** Null for a booking's event shown inline. */
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'text' | 'event'>().notNull().default('text'),
    /** The booking's event (`kind = 'event'`): packages/shared CONVERSATION_EVENTS. */
    event: text('event'),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  // A thread's newest page and the pages before it, by id.
  (t) => [index('messages_conversation_idx').on(t.conversationId, t.id)],
);

/**
 * Each participant's read state: the read receipts, the unread counts of the inbox (kept here as
 * messages arrive, so the inbox never counts messages) and the unread-message mail's timing.
 */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadMessageId: integer('last_read_message_id'),
    lastReadAt: ts('last_read_at'),
    unreadCount: integer('unread_count').notNull().default(0),
    /** When the oldest message not yet read arrived (null while everything is read). */
    firstUnreadAt: ts('first_unread_at'),
    /** The last unread-message mail for this conversation (once an hour at most). */
    mailedAt: ts('mailed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('conversation_reads_unread_idx')
      .on(t.userId)
      .where(sql`unread_count > 0`),
    index('conversation_reads_mail_due_idx')
      .on(t.firstUnreadAt)
      .where(sql`unread_count > 0`),
  ],
);

/** A participant flagged a conversation for staff (`POST conversations/{id}/report`). */
export const conversationReports = pgTable(
  'conversation_reports',
  {
    id: id(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('conversation_reports_once').on(t.conversationId, t.reporterId)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The web app's page it is about. */
    link: text('link').notNull(),
    /** A later notification with the same key replaces an unread earlier one (a thread's new messages). */
    groupKey: text('group_key'),
    createdAt: createdAt(),
    readAt: ts('read_at'),
  },
  (t) => [
    // Newest first: read backwards.
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx')
      .on(t.userId, t.id)
      .where(sql`read_at is null`),
  ],
);

/**
 * How many notifications each user has, and how many of them are unread: the bell's `meta.total` and
 * `meta.unread` without counting the list. Kept by the `notification_counts_*` triggers on
 * notifications (migration 0023).
 */
export const notificationCounts = pgTable('notification_counts', {
  userId: integer('user_id').primaryKey(),
  total: integer('total').notNull(),
  unread: integer('unread').notNull(),
});

/**
 * The creator directory's totals: listed media users (an influencer or a journalist with a tier,
 * listed) per role and tier, kept by row triggers on users (migration 0024), so a page's total
 * without a search or a distance is a sum of at most eight rows, not a count of every listed user.
 */
export const creatorDirectoryCounts = pgTable(
  'creator_directory_counts',
  {
    role: text('role').$type<'influencer' | 'journalist'>().notNull(),
    tier: integer('tier').notNull(),
    listed: integer('listed').notNull(),
  },
  (t) => [primaryKey({ columns: [t.role, t.tier] })],
);

/** Per user and type: whether the notification also mails (absent: the type's default, ADR 018). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    mail: boolean('mail').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);

// ---------------------------------------------------------------- mail, jobs, analytics

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** Text as is, or binary content in base64 (`encoding: 'base64'`): the outbox row is JSON. */
  content: string;
  encoding?: 'base64';
  /** An image the HTML shows inline (`<img src="cid:...">`); sent as a related, inline part. */
  cid?: string;
}

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    /**
     * Secrets the mail carries (an initial or temporary password), marked by the code that built it:
     * the staff Outbox shows them masked, and once the mail is sent they are masked in `text` and
     * `html` and this list is emptied, so no password stays readable at rest (docs/security.md).
     */
    secrets: jsonb('secrets').$type<string[]>().notNull().default([]),
    status: text('status').$type<'queued' | 'sending' | 'sent' | 'failed'>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    messageId: text('message_id'),
    sentAt: ts('sent_at'),
    createdAt: createdAt(),
    /** While `sending`: the lease of the node sending it (database clock); once past, another node may retry. */
    lockedUntil: ts('locked_until'),
    lockedBy: text('locked_by'),
  },
  (t) => [index('mail_outbox_status_idx').on(t.status, t.id)],
);

export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').$type<'queued' | 'running' | 'done' | 'failed'>().notNull().default('queued'),
    runAt: ts('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedUntil: ts('locked_until'),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    /** Dedupe key (`enqueue` option); a periodic job's one row carries "every:<name>". */
    singletonKey: text('singleton_key'),
    createdAt: createdAt(),
    finishedAt: ts('finished_at'),
  },
  (t) => [index('jobs_due_idx').on(t.status, t.runAt), uniqueIndex('jobs_singleton_unique').on(t.singletonKey)],
);

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: id(),
    name: text('name').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull().default({}),
    occurredAt: ts('occurred_at').notNull().defaultNow(),
  },
  (t) => [index('analytics_events_time_idx').on(t.occurredAt, t.name)],
);

// ---------------------------------------------------------------- on the phone: push and calendar feeds

/**
 * Server-wide secrets made once, on the first start that needs them, and shared by every node (the
 * VAPID key pair, the calendar feed key): one row per key, written under the migration lock.
 */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, string>>().notNull(),
  createdAt: createdAt(),
});

/** One browser's web push subscription (RFC 8030, keys of RFC 8291): opted in per device in Settings. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The sign-in that registered it: pushes go only while that sign-in lives, so signing out (or a
     * password change that ends other sign-ins) stops them even if the browser never said so.
     */
    tokenId: integer('token_id').references(() => accessTokens.id, { onDelete: 'cascade' }),
    /** The push service's address for this browser, on an allowed host (PUSH_ALLOWED_HOSTS). */
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and authentication secret, base64url. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    lastSentAt: ts('last_sent_at'),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * A user's private calendar feed. The address's token is HMAC-SHA256 of `nonce` under the server's
 * feed key, so it can be shown again without being stored; only its SHA-256 is kept, to find the
 * feed. Rotating draws a new nonce, and the old address answers 404.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_unique').on(t.tokenHash)],
);

/**
 * A brand's team (decisions.md round 3, "Brand teams"): besides the owner (`brands.owner_id`), up to
 * 10 managers and hosts. A row is an invitation until accepted (`user_id` null, the link's token kept
 * only as its SHA-256, valid until `expires_at`), then an active member whose account is `user_id`.
 * A host's `location_ids` are the locations whose bookings they see and answer.
 */
export const brandMembers = pgTable(
  'brand_members',
  {
    id: id(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').$type<'manager' | 'host'>().notNull(),
    locationIds: jsonb('location_ids').$type<number[]>().notNull().default([]),
    tokenHash: text('token_hash'),
    expiresAt: ts('expires_at').notNull(),
    acceptedAt: ts('accepted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('brand_members_user_unique').on(t.userId),
    uniqueIndex('brand_members_token_unique').on(t.tokenHash),
    uniqueIndex('brand_members_brand_email_unique').on(t.brandId, t.email),
  ],
);

// ---------------------------------------------------------------- creator directory and content library (issue 28)

/** A brand invited a media user to one of its approved campaigns (decisions.md round 3). */
export const campaignInvitations = pgTable(
  'campaign_invitations',
  {
    id: id(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    status: text('status').$type<'open' | 'booked' | 'declined'>().notNull().default('open'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('campaign_invitations_once').on(t.campaignId, t.userId),
    index('campaign_invitations_user_idx').on(t.userId, t.id),
    // The weekly limit counts a campaign's invitations since a time.
    index('campaign_invitations_campaign_time_idx').on(t.campaignId, t.createdAt),
  ],
);

/**
 * One delivered post or story (a completed task's link), with the campaign's usage rights copied
 * at delivery: the brand's content library (decisions.md round 3).
 */
export const contentItems = pgTable(
  'content_items',
  {
    id: id(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<'post' | 'story'>().notNull(),
    network: text('network').notNull(),
    url: text('url').notNull(),
    checked: boolean('checked').notNull().default(false),
    rights: jsonb('rights').$type<ContentRightsResource>(),
    favourite: boolean('favourite').notNull().default(false),
    deliveredAt: ts('delivered_at').notNull(),
  },
  (t) => [
    uniqueIndex('content_items_task_url_unique').on(t.taskId, t.url),
    // The library, newest first.
    index('content_items_brand_idx').on(t.brandId, t.deliveredAt, t.id),
  ],
);

/** Another time the brand proposed for a pending request (bookings.proposal). */
export interface BookingProposal {
  booking_date: string;
  booking_time: string;
  note: string;
}

/**
 * Media users waiting for a full week of a campaign (issue 30). When a place of that week frees, the
 * first waiting entry is offered it: `status` becomes 'offered' and the place is held for them until
 * `hold_until` (the capacity check counts live holds); their request books it ('booked'), or the
 * hold lapses ('expired') and the next in line is offered it.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: id(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The day asked for; the entry waits for its Monday-Sunday week. */
    date: date('date', { mode: 'string' }).notNull(),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    status: text('status').$type<'waiting' | 'offered' | 'booked' | 'expired'>().notNull().default('waiting'),
    holdUntil: ts('hold_until'),
    offeredAt: ts('offered_at'),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    // One open entry per user and week of a campaign.
    uniqueIndex('waitlist_one_open_per_user_week')
      .on(t.campaignId, t.weekStart, t.userId)
      .where(sql`status in ('waiting', 'offered')`),
    index('waitlist_campaign_week_idx').on(t.campaignId, t.weekStart, t.status),
    index('waitlist_user_idx').on(t.userId),
  ],
);
