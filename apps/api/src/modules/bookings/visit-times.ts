import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

import { dateTimeFormat } from '@comped/shared/intl-formats';
import { localTime } from '@comped/shared/time';
import { VISIT_RULES } from '@comped/shared/visit-rules';

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

export function noShowUntil(visitAt: Date): Date {
  return new Date(visitAt.getTime() + VISIT_RULES.noShowUntilDays * 24 * HOUR);
}

/** Why a brand may not mark a visit as a no-show now; null when it may. */
export type NoShowRefusal = 'checked_in' | 'settled' | 'not_accepted' | 'too_early' | 'too_late';

/**
 * The one rule of the no-show button and of the route (decisions.md, Beyond the specification; ADR
 * 015): an accepted visit (or one finished by the clock, not rated) without check-in, from 2 hours to
 * 7 days after the visit. A completed task does not shield it: anyone can complete a task after the
 * visit time without having come, while a check-in needs the code shown at the door. Once staff
 * settled a dispute the status is final for the brand.
 */
export function noShowRefusal(
  b: {
    status: string;
    checkedInAt: Date | null;
    rate: number | null;
    review: string | null;
    disputeSettledAt: Date | null;
    visitAt: Date;
  },
  now: Date,
): NoShowRefusal | null {
  if (b.checkedInAt) return 'checked_in';
  if (b.disputeSettledAt) return 'settled';
  const unrated = b.rate === null && !b.review;
  if (!(b.status === 'accepted' || (b.status === 'finished' && unrated))) return 'not_accepted';
  if (now.getTime() < noShowFrom(b.visitAt).getTime()) return 'too_early';
  if (now.getTime() > noShowUntil(b.visitAt).getTime()) return 'too_late';
  return null;
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
