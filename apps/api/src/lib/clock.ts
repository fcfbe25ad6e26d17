import { Temporal } from 'temporal-polyfill';

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
function formatIn(kind: 'date' | 'time', timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format =
      kind === 'date'
        ? new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
        : new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
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

/**
 * The instant at which a wall-clock date and time happen in a time zone, by the Temporal polyfill
 * (ADR 009): a time the clocks skip (02:30 on a spring-forward day in the US) is read as the same
 * length past the jump (03:30), a time that happens twice (01:30 on a fall-back day) as its first
 * occurrence: Temporal's "compatible" reading, the one calendar programs use. Slot lists never
 * offer a skipped time (`wallClockExists`), so no booking holds one; a doubled time is offered once.
 */
export function zonedToInstant(dateStr: string, timeStr: string, timeZone: string): Date {
  return new Date(wallClock(dateStr, timeStr).toZonedDateTime(timeZone).epochMilliseconds);
}

/** Whether a wall-clock time happens at all on that date in a zone (not inside a spring-forward gap). */
export function wallClockExists(dateStr: string, timeStr: string, timeZone: string): boolean {
  const wall = wallClock(dateStr, timeStr);
  return wall.toZonedDateTime(timeZone).toPlainDateTime().equals(wall);
}

function wallClock(dateStr: string, timeStr: string): Temporal.PlainDateTime {
  return Temporal.PlainDateTime.from(`${dateStr}T${timeStr}`);
}
