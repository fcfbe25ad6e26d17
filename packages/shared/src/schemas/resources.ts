/**
 * The JSON resources the API answers with (`{"data": ...}`), pinned here so the web app, the API
 * and the tests agree. Dates are YYYY-MM-DD, times HH:mm (24-hour), money in whole US dollars
 * (compensation) or cents (plans, fields ending in _cents).
 */
import type { CampaignKind } from '../campaign-kinds';
import type { MediaType } from '../roles';
import type { BookingStatus, CampaignStatus } from '../statuses';
import type { SocialNetwork } from './session';
import type { Weekday, WeekdayShort } from '../time';
import type { Reliability } from '../validation/visits';

export interface FileRef {
  id: number;
  name: string;
  /** Storage key; the file is at `/files/<path>`. */
  path: string;
  thumb_path?: string;
}

export interface OpeningHoursResource {
  day: Weekday;
  start_time: string;
  end_time: string;
}

export interface LocationResource {
  id: number;
  brand_id: number;
  name: string;
  address: string;
  email: string;
  phone: string;
  contact: string;
  /** US ZIP of the place (distance search); null for a place without one. */
  zip?: string | null;
  time_zone: string;
  hours: OpeningHoursResource[];
}

export interface BrandResource {
  id: number;
  name: string;
  description: string | null;
  address: string;
  zip: string;
  phones: string;
  logo: string | null;
  brandType: string | null;
  socialnetworks: { id: number; name: string; handle: string }[];
  locations: LocationResource[];
  menus: FileRef[];
  photos: FileRef[];
}

export interface BrandSummary {
  id: number;
  name: string;
  logo: string | null;
  brandType: string | null;
}

export interface KeyPlayerResource {
  type: string;
  name: string;
  bio: string;
}

export interface UnavailableRangeResource {
  from: string;
  to: string;
}

export interface CampaignBookingResource {
  compensation: number;
  max_bookings_per_week: number;
  max_guests: number;
  information_only: boolean;
  tip: string | null;
  switch: boolean;
  unavailable_dates: Partial<Record<WeekdayShort, UnavailableRangeResource[]>>;
}

export interface InfluencerInstructionsResource {
  tagging_required: boolean;
  geotag_required: boolean;
  posts_required: number;
  stories_required: number;
  hashtags: string[];
}

export interface CampaignResource {
  id: number;
  name: string;
  description: string;
  brand_id: number;
  brand: BrandSummary;
  category_id: number;
  status: CampaignStatus;
  /** Wizard step the draft was last saved at (0-4). */
  step: number;
  attributes_type: CampaignKind;
  attributes: {
    launch_date: string | null;
    opening_date: string | null;
    event_date: string | null;
    end_date: string | null;
    from_time: string | null;
    to_time: string | null;
    key_players: KeyPlayerResource[];
  };
  featuredphotos: (FileRef & { campaign_id: number })[];
  locations: Pick<LocationResource, 'id' | 'name' | 'address' | 'time_zone'>[];
  type: { booking: CampaignBookingResource | null };
  target: MediaType[];
  tier_range_influencer: number[];
  tier_range_journalist: number[];
  influencer_instructions: InfluencerInstructionsResource | null;
  /** Why staff sent the campaign back to draft, shown to the brand on the draft. */
  review_reason: string | null;
  expires_on: string | null;
  created_at: string;
}

export interface MediaUserSummary {
  id: number;
  name: string;
  profile_picture: string | null;
  type: MediaType;
  tier_range: number | null;
  bio: string | null;
  location: string | null;
  workplace: string | null;
  socialnetworks: SocialNetwork[];
}

export interface BookingResource {
  id: number;
  status: BookingStatus;
  booking_date: string;
  booking_time: string;
  guests: number;
  campaign_id: number;
  location_id: number;
  review: string | null;
  rate: number | null;
  influencer: MediaUserSummary;
  campaign: {
    id: number;
    name: string;
    category_id: number;
    brand: BrandSummary;
    type: { booking: Pick<CampaignBookingResource, 'compensation'> | null };
  };
  location: Pick<LocationResource, 'id' | 'name' | 'address' | 'time_zone'>;
  task: BookingTaskSummary | null;
  /** Brand side: the visit time has passed and no rating exists yet (Rate Visit shown). */
  can_rate: boolean;
  created_at: string;
  /** Media side only (null for the brand): the code the brand checks at the door. */
  check_in_code: string | null;
  checked_in_at: string | null;
  /** When check-in opens and closes (2 h before to 12 h after the visit); null unless accepted. */
  check_in_opens_at: string | null;
  check_in_closes_at: string | null;
  /** Brand side: an accepted visit without check-in, 2 hours past (Mark as no-show shown). */
  can_mark_no_show: boolean;
  no_show_at: string | null;
  dispute: BookingDispute | null;
  /** Media side: a no-show not yet disputed, inside 48 hours ("I was there" shown). */
  can_dispute: boolean;
  dispute_until: string | null;
  /** The media user's reliability (decisions.md): "96% reliable · 24 visits" or "New". */
  reliability: Reliability;
}

export interface BookingTaskSummary {
  id: number;
  completed: boolean;
  posts: TaskPostResource[];
  /** 7 days after the visit; after that an open task is overdue. */
  due_at: string;
  overdue: boolean;
  /** Closed because the visit was a no-show. */
  closed: boolean;
}

export interface BookingDispute {
  note: string;
  disputed_at: string;
  /** Null while staff have not settled it. */
  outcome: 'no_show' | 'finished' | null;
  settled_at: string | null;
}

export interface TaskPostResource {
  type: 'post' | 'story';
  link: string;
  /** The post verifier confirmed the link is the user's own post ("link checked"); absent on old posts. */
  checked?: boolean;
}

export interface TaskResource {
  id: number;
  completed: boolean;
  geolocalized: boolean;
  hashtagged: boolean;
  posted: boolean;
  tagged: boolean;
  rating: number | null;
  propertyOption: string | null;
  posts: TaskPostResource[];
  influencer_instructions: InfluencerInstructionsResource | null;
  brand: { id: number; name: string; logo: string | null };
  name: string;
  booking_date: string;
  booking_time: string;
  /** Whether the visit time has passed (completion allowed). */
  can_complete: boolean;
  booking: BookingResource;
}

export interface PlanResource {
  id: number;
  title: string;
  price: number;
  price_cents: number;
  intro_price_cents: number;
  intro_months: number;
  features: string[];
  allowed_locations: number;
  allowed_brands: number;
}

export interface MediaProfileResource extends MediaUserSummary {
  email?: string;
  press_places: string[];
  reliability?: Reliability;
}
