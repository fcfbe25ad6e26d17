import { LIMITS } from './limits';
import { addDays } from './time';

/** Campaign categories (spec section 2); the wizard creates the last three. */
export const CATEGORY = {
  itemSpotlight: 1,
  menuRefresh: 2,
  promotion: 3,
  generalUpdates: 4,
  opening: 5,
  singleDayEvent: 6,
} as const;

export const CAMPAIGN_KINDS = ['generalupdates', 'opening', 'singledayevent'] as const;
export type CampaignKind = (typeof CAMPAIGN_KINDS)[number];

export const KIND_CATEGORY: Record<CampaignKind, number> = {
  generalupdates: CATEGORY.generalUpdates,
  opening: CATEGORY.opening,
  singledayevent: CATEGORY.singleDayEvent,
};

export function kindOfCategory(categoryId: number): CampaignKind {
  if (categoryId === CATEGORY.opening) return 'opening';
  if (categoryId === CATEGORY.singleDayEvent) return 'singledayevent';
  return 'generalupdates';
}

export const KIND_LABEL: Record<CampaignKind, string> = {
  generalupdates: 'General Updates',
  opening: 'Opening',
  singledayevent: 'Single-Day Event',
};

/** The date field each kind asks for, and its label (spec section 2). */
export const KIND_DATE: Record<CampaignKind, { field: 'launch_date' | 'opening_date' | 'event_date'; label: string }> =
  {
    generalupdates: { field: 'launch_date', label: 'Launch Date' },
    opening: { field: 'opening_date', label: 'Opening Date' },
    singledayevent: { field: 'event_date', label: 'Event Date' },
  };

export const KEY_PLAYER_ROLES = ['Chef', 'Owner', 'Beverage Director', 'Interior Designer'] as const;

/**
 * The last day a campaign is offered (decisions.md): its end date when set, else the event date
 * (single-day event), else the launch or opening date + 30 days. Null while no date is known.
 */
export function campaignExpiresOn(c: {
  end_date?: string | null;
  event_date?: string | null;
  launch_date?: string | null;
  opening_date?: string | null;
}): string | null {
  if (c.end_date) return c.end_date;
  if (c.event_date) return c.event_date;
  const start = c.launch_date ?? c.opening_date;
  return start ? addDays(start, LIMITS.campaignDefaultLifetimeDays) : null;
}
