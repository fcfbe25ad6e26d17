import type { WeekAvailability } from '../schemas/admin';
import { weekAvailabilitySchema } from '../schemas/admin';
import { WEEKDAY_SHORT } from '../time';

/**
 * `POST .../availablehours` for the week starting on `weekStart`: the same free slots every day
 * unless `over` sets a day. Checked by the shared schema.
 */
export function makeWeekAvailability(
  weekStart = '2026-06-08',
  slots: string[] = ['18:00', '18:30', '19:00'],
  over: Partial<WeekAvailability> = {},
): WeekAvailability {
  return weekAvailabilitySchema.parse({
    week_start: weekStart,
    ...Object.fromEntries(WEEKDAY_SHORT.map((day) => [day, slots])),
    ...over,
  });
}
