import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { VISIT_RULES } from '@comped/shared/validation/visits';
import { dateTimeFormat } from '@comped/shared/intl-formats';
import { localTime } from '@comped/shared/time';

const HOUR = 3600_000;

/** A fresh 6-character check-in code from the alphabet without look-alike characters. */
export function newCheckInCode(): string {
  const alphabet = VISIT_RULES.codeAlphabet;
  let code = '';
  for (let i = 0; i < VISIT_RULES.codeLength; i++) code += alphabet[randomInt(alphabet.length)];
  return code;
}

/** Check-in is open from 2 hours before to 12 hours after the visit (the visit instant is zoned). */
export function checkInWindow(visitAt: Date): { opensAt: Date; closesAt: Date } {
  return {
    opensAt: new Date(visitAt.getTime() - VISIT_RULES.checkInOpensBeforeHours * HOUR),
    closesAt: new Date(visitAt.getTime() + VISIT_RULES.checkInClosesAfterHours * HOUR),
  };
}

export function noShowFrom(visitAt: Date): Date {
  return new Date(visitAt.getTime() + VISIT_RULES.noShowAfterHours * HOUR);
}

export function disputeUntil(noShowAt: Date): Date {
  return new Date(noShowAt.getTime() + VISIT_RULES.disputeHours * HOUR);
}

export function taskDueAt(visitAt: Date): Date {
  return new Date(visitAt.getTime() + VISIT_RULES.taskDueDays * 24 * HOUR);
}

/** "5:00 PM on Sat, Jun 6" at the location: what the window and lock messages say. */
export function localWhen(instant: Date, timeZone: string): string {
  const day = dateTimeFormat({ timeZone, weekday: 'short', month: 'short', day: 'numeric' }).format(instant);
  return `${localTime(instant, timeZone)} on ${day}`;
}

/**
 * Two check-in codes compared in constant time by node's `timingSafeEqual`, over their SHA-256
 * digests: equal lengths whatever was typed, so neither the first difference nor the length of the
 * guess shows in the time the answer takes.
 */
export function sameCode(typed: string, stored: string): boolean {
  return timingSafeEqual(digest(typed), digest(stored));
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
