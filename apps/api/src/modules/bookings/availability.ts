import type { CampaignDates } from '@comped/shared/booking-window';
import { bookingDateBounds } from '@comped/shared/booking-window';
import { CATEGORY } from '@comped/shared/campaign-kinds';
import type { WeekdayShort } from '@comped/shared/time';
import { addDays, HALF_HOUR_SLOTS, minutesOf, WEEKDAY_SHORT, weekdayIndexOf, WEEKDAYS } from '@comped/shared/time';

import type { CampaignBookingSettings, OpeningHours, UnavailableRange } from '../../db/schema';
import { wallClockExists, zonedToInstant } from '../../lib/clock';

export type WeekAvailability = { week_start: string; full?: boolean } & Record<WeekdayShort, string[]>;

export interface AvailabilityCampaign {
  categoryId: number;
  launchDate: string | null;
  openingDate: string | null;
  eventDate: string | null;
  endDate: string | null;
  expiresOn: string | null;
  fromTime: string | null;
  toTime: string | null;
  booking: CampaignBookingSettings | null;
}

/** A campaign row's dates as the shared booking-days rules read them. */
export function datesOfCampaignRow(
  c: Pick<AvailabilityCampaign, 'categoryId' | 'launchDate' | 'openingDate' | 'eventDate' | 'endDate' | 'expiresOn'>,
): CampaignDates {
  return {
    category_id: c.categoryId,
    launch_date: c.launchDate,
    opening_date: c.openingDate,
    event_date: c.eventDate,
    end_date: c.endDate,
    expires_on: c.expiresOn,
  };
}

export interface AvailabilityLocation {
  timeZone: string;
  hours: OpeningHours[];
}

const LAST_SLOT = 23 * 60 + 30;

/**
 * Half-hour slots from `start` to `end` (end exclusive). An end before the start runs past
 * midnight: the day's slots then go up to 23:30.
 */
function slotsBetween(start: string, end: string): string[] {
  const from = minutesOf(start);
  const to = minutesOf(end);
  if (to === from) return [];
  const pastMidnight = to < from;
  return HALF_HOUR_SLOTS.filter((s) => {
    const m = minutesOf(s);
    return pastMidnight ? m >= from && m <= LAST_SLOT : m >= from && m < to;
  });
}

function withoutRanges(slots: string[], ranges: UnavailableRange[] | undefined): string[] {
  if (!ranges?.length) return slots;
  const blocked = new Set(ranges.flatMap((r) => slotsBetween(r.from, r.to)));
  return slots.filter((s) => !blocked.has(s));
}

/**
 * The slots of one day, before past slots and weekly capacity: the location's hours for that
 * weekday minus the campaign's unavailable ranges; single-day events only on the event date. A time
 * the location's clocks skip that day (02:00 and 02:30 when daylight saving time begins) is no slot.
 */
export function daySlots(campaign: AvailabilityCampaign, location: AvailabilityLocation, date: string): string[] {
  return wallClockSlots(campaign, location, date).filter((s) => wallClockExists(date, s, location.timeZone));
}

function wallClockSlots(campaign: AvailabilityCampaign, location: AvailabilityLocation, date: string): string[] {
  const settings = campaign.booking;
  if (!settings || settings.information_only) return [];
  if (campaign.categoryId === CATEGORY.singleDayEvent) {
    if (date !== campaign.eventDate || !campaign.fromTime || !campaign.toTime) return [];
    return slotsBetween(campaign.fromTime, campaign.toTime);
  }
  const { min, max } = bookingDateBounds(datesOfCampaignRow(campaign));
  if ((min && date < min) || (max && date > max)) return [];
  const dayIndex = weekdayIndexOf(date);
  const dayName = WEEKDAYS[dayIndex];
  const hours = location.hours.find((h) => h.day === dayName);
  if (!hours) return [];
  let slots = slotsBetween(hours.start_time, hours.end_time);
  if (settings.switch) slots = withoutRanges(slots, settings.unavailable_dates?.[WEEKDAY_SHORT[dayIndex]!]);
  return slots;
}

/**
 * The Monday-Sunday week starting at `weekStart`: each day's slots minus the ones that are not in
 * the future at `now` (in the location's zone), and none at all when the week is full.
 */
export function weekAvailability(
  campaign: AvailabilityCampaign,
  location: AvailabilityLocation,
  weekStart: string,
  now: Date,
  weekIsFull: boolean,
): WeekAvailability {
  const out = { week_start: weekStart } as WeekAvailability;
  WEEKDAY_SHORT.forEach((key, i) => {
    if (weekIsFull) {
      out[key] = [];
      return;
    }
    const date = addDays(weekStart, i);
    out[key] = slotsAhead(daySlots(campaign, location, date), date, location, now);
  });
  return out;
}

/**
 * The slots whose instant is after `now`: compared as instants, not as wall-clock text, since on a
 * fall-back day 01:30 (its first occurrence) has passed while the clocks read 01:15 again.
 */
export function slotsAhead(slots: string[], date: string, location: AvailabilityLocation, now: Date): string[] {
  return slots.filter((s) => zonedToInstant(date, s, location.timeZone).getTime() > now.getTime());
}

/** Whether one date and time can be booked (the server's re-check at request time). */
export function isSlotAvailable(
  campaign: AvailabilityCampaign,
  location: AvailabilityLocation,
  date: string,
  time: string,
  now: Date,
  weekIsFull: boolean,
): boolean {
  if (weekIsFull) return false;
  // daySlots(...).includes(time), with the zone's clock asked about this one time, not every slot
  // of the day (issue 31: the day's zone conversions were a tenth of a request's CPU).
  if (!wallClockSlots(campaign, location, date).includes(time) || !wallClockExists(date, time, location.timeZone))
    return false;
  return zonedToInstant(date, time, location.timeZone).getTime() > now.getTime();
}
