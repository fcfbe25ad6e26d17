/**
 * The time every rule and job reads. Production always uses the real clock; a server started with
 * TEST_CLOCK=1 lets end-to-end tests move it (PUT /api/v1/testing/clock).
 */
export class Clock {
  private offsetMs = 0;
  private frozen: Date | null = null;

  now(): Date {
    if (this.frozen) return new Date(this.frozen.getTime());
    return new Date(Date.now() + this.offsetMs);
  }

  /** Moves "now" to the given instant; time keeps running from there. `null` returns to real time. */
  set(instant: Date | null): void {
    this.frozen = null;
    this.offsetMs = instant ? instant.getTime() - Date.now() : 0;
  }

  /** Stops time at an instant (unit tests that need exact boundaries). */
  freeze(instant: Date): void {
    this.frozen = instant;
  }
}

/**
 * One Intl.DateTimeFormat per kind and time zone, made on first use. Making one costs far more than
 * formatting with it (a CPU profile of 200 booking requests at once spent about a fifth of the
 * server's time constructing them: docs/performance.md); there are a few hundred zones at most.
 */
const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(kind: 'date' | 'time' | 'parts', timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format =
      kind === 'date'
        ? new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
        : kind === 'time'
          ? new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
          : new Intl.DateTimeFormat('en-US', {
              timeZone,
              hourCycle: 'h23',
              year: 'numeric',
              month: '2-digit',
              day: '2-digit',
              hour: '2-digit',
              minute: '2-digit',
              second: '2-digit',
            });
    formats.set(key, format);
  }
  return format;
}

/** Today's date (YYYY-MM-DD) in a time zone. */
export function dateInZone(instant: Date, timeZone: string): string {
  return formatIn('date', timeZone).format(instant);
}

/** Wall-clock HH:mm in a time zone. */
export function timeInZone(instant: Date, timeZone: string): string {
  return formatIn('time', timeZone).format(instant);
}

/** The instant at which a wall-clock date and time happen in a time zone (DST-aware). */
export function zonedToInstant(dateStr: string, timeStr: string, timeZone: string): Date {
  const [y, mo, d] = dateStr.split('-').map(Number) as [number, number, number];
  const [h, mi] = timeStr.split(':').map(Number) as [number, number];
  const guess = Date.UTC(y, mo - 1, d, h, mi);
  // Two passes settle the offset on either side of a DST change.
  let instant = guess - offsetMs(new Date(guess), timeZone);
  instant = guess - offsetMs(new Date(instant), timeZone);
  return new Date(instant);
}

function offsetMs(instant: Date, timeZone: string): number {
  const p = Object.fromEntries(
    formatIn('parts', timeZone)
      .formatToParts(instant)
      .map((x) => [x.type, x.value]),
  );
  const asUtc = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

export function addDays(dateStr: string, days: number): string {
  const d = new Date(`${dateStr}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Monday of the week (Mon-Sun) holding a date. */
export function weekStartOf(dateStr: string): string {
  const d = new Date(`${dateStr}T00:00:00Z`);
  const dow = (d.getUTCDay() + 6) % 7; // 0 = Monday
  return addDays(dateStr, -dow);
}
