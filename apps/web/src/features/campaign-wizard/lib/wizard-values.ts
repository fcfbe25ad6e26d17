import type { CampaignKind } from '@comped/shared/campaign-kinds';
import { KIND_CATEGORY, KIND_LABEL } from '@comped/shared/campaign-kinds';
import { LIMITS } from '@comped/shared/limits';
import type { MediaType } from '@comped/shared/roles';
import type { CampaignResource } from '@comped/shared/schemas/resources';
import type { WeekdayShort } from '@comped/shared/time';
import {
  DEFAULT_FROM_TIME,
  DEFAULT_TIER_RANGE,
  DEFAULT_TO_TIME,
  emptyKeyPlayers,
} from '@comped/shared/validation/campaign';
import type { GuestPolicy } from '@comped/shared/validation/slots';

export interface WizardRange {
  from: string;
  to: string;
}

/** What the wizard's form holds: the shared campaign shape plus the key players switch. */
export interface WizardValues {
  name: string;
  description: string;
  launch_date: string | null;
  opening_date: string | null;
  event_date: string | null;
  end_date: string | null;
  from_time: string;
  to_time: string;
  key_players_enabled: boolean;
  key_players: { type: string; name: string; bio: string }[];
  target: MediaType[];
  tier_range_influencer: number[];
  tier_range_journalist: number[];
  locations: number[];
  booking: {
    compensation: number;
    max_bookings_per_week: number | string;
    max_guests: number;
    information_only: boolean;
    tip: string;
    switch: boolean;
    unavailable_dates: Partial<Record<WeekdayShort, WizardRange[]>>;
    /** Comp terms (issue 30): one line each, the allowance cap ('' for none), the guest policy. */
    includes: string[];
    allowance: number | string | null;
    guest_policy: GuestPolicy | null;
  };
  influencer_instructions: {
    tagging_required: boolean;
    geotag_required: boolean;
    posts_required: number;
    stories_required: number;
    hashtags: string[];
  };
  /** What the brand may do with the content, and for how long (issue 28); null: not said. */
  usage_rights: { organic: boolean; ads: boolean; website: boolean; days: number | null; until: string | null } | null;
}

export function stepLabels(kind: CampaignKind): string[] {
  return [KIND_LABEL[kind], 'Audience', 'Bookings', 'Requirements', 'Review'];
}

export function defaultValues(): WizardValues {
  return {
    name: '',
    description: '',
    launch_date: null,
    opening_date: null,
    event_date: null,
    end_date: null,
    from_time: DEFAULT_FROM_TIME,
    to_time: DEFAULT_TO_TIME,
    key_players_enabled: false,
    key_players: emptyKeyPlayers(),
    target: ['influencer'],
    tier_range_influencer: [...DEFAULT_TIER_RANGE],
    tier_range_journalist: [...DEFAULT_TIER_RANGE],
    locations: [],
    booking: {
      compensation: LIMITS.compensationDefault,
      max_bookings_per_week: LIMITS.maxBookingsPerWeekDefault,
      max_guests: LIMITS.maxGuestsDefault,
      information_only: false,
      tip: '',
      switch: false,
      unavailable_dates: {},
      includes: [],
      allowance: '',
      guest_policy: null,
    },
    influencer_instructions: {
      tagging_required: false,
      geotag_required: false,
      posts_required: 0,
      stories_required: 0,
      hashtags: [],
    },
    usage_rights: null,
  };
}

/** A saved draft back into the form, everything filled in as it was saved. */
export function valuesOfCampaign(c: CampaignResource): WizardValues {
  const d = defaultValues();
  const players = c.attributes.key_players;
  return {
    name: c.name,
    description: c.description,
    launch_date: c.attributes.launch_date,
    opening_date: c.attributes.opening_date,
    event_date: c.attributes.event_date,
    end_date: c.attributes.end_date,
    from_time: c.attributes.from_time ?? DEFAULT_FROM_TIME,
    to_time: c.attributes.to_time ?? DEFAULT_TO_TIME,
    key_players_enabled: players.length > 0,
    key_players: d.key_players.map((slot) => players.find((p) => p.type === slot.type) ?? slot),
    target: c.target.length > 0 ? c.target : d.target,
    tier_range_influencer: c.tier_range_influencer.length > 0 ? c.tier_range_influencer : d.tier_range_influencer,
    tier_range_journalist: c.tier_range_journalist.length > 0 ? c.tier_range_journalist : d.tier_range_journalist,
    locations: c.locations.map((l) => l.id),
    booking: c.type.booking
      ? {
          ...c.type.booking,
          tip: c.type.booking.tip ?? '',
          includes: c.type.booking.includes ?? [],
          allowance: c.type.booking.allowance ?? '',
          guest_policy: c.type.booking.guest_policy ?? null,
        }
      : d.booking,
    influencer_instructions: c.influencer_instructions ?? d.influencer_instructions,
    usage_rights: c.usage_rights ?? null,
  };
}

/** The multipart body of decisions.md "Wire details": scalars as parts, nested values as JSON text. */
export function campaignFormData(
  kind: CampaignKind,
  values: WizardValues,
  opts: { step: number; photos: File[]; brandId?: number; status?: 'review' },
): FormData {
  const fd = new FormData();
  if (opts.brandId !== undefined) fd.append('brand_id', String(opts.brandId));
  fd.append('category_id', String(KIND_CATEGORY[kind]));
  fd.append('step', String(opts.step));
  if (opts.status) fd.append('status', opts.status);
  fd.append('name', values.name);
  fd.append('description', values.description);
  if (kind === 'generalupdates') fd.append('launch_date', values.launch_date ?? '');
  if (kind === 'opening') fd.append('opening_date', values.opening_date ?? '');
  if (kind === 'singledayevent') {
    fd.append('event_date', values.event_date ?? '');
    fd.append('from_time', values.from_time);
    fd.append('to_time', values.to_time);
  } else {
    fd.append('end_date', values.end_date ?? '');
  }
  fd.append('key_players_enabled', String(values.key_players_enabled));
  fd.append('key_players', JSON.stringify(values.key_players_enabled ? values.key_players : []));
  fd.append('target', JSON.stringify(values.target));
  fd.append('tier_range_influencer', JSON.stringify(values.tier_range_influencer));
  fd.append('tier_range_journalist', JSON.stringify(values.tier_range_journalist));
  fd.append('locations', JSON.stringify(values.locations));
  const booking = values.booking;
  fd.append(
    'booking',
    JSON.stringify({
      ...booking,
      max_bookings_per_week: Number(booking.max_bookings_per_week),
      tip: booking.tip.trim() || null,
      unavailable_dates: booking.switch ? booking.unavailable_dates : {},
      includes: booking.includes.map((l) => l.trim()).filter((l) => l !== ''),
      allowance: booking.allowance === '' || booking.allowance === null ? null : Number(booking.allowance),
    }),
  );
  fd.append('influencer_instructions', JSON.stringify(values.influencer_instructions));
  fd.append('usage_rights', JSON.stringify(values.usage_rights));
  for (const file of opts.photos) fd.append('featured_photos[]', file, file.name);
  return fd;
}

/** The step that holds a field of a 422 answer (the wizard moves there to show it). */
export function stepOfField(field: string): number {
  const root = field.split('.')[0] ?? field;
  if (['target', 'tier_range_influencer', 'tier_range_journalist'].includes(root)) return 1;
  if (root === 'locations' || root === 'booking') return 2;
  if (root === 'influencer_instructions' || root === 'usage_rights') return 3;
  return 0;
}
