import { z } from 'zod';

import { MONTH_LONG } from '../time';

/**
 * Usage rights (issue 28, decisions.md round 3 "Content library"): what a brand may do with the
 * content a creator delivers for a campaign, and for how long. Chosen in the campaign wizard's
 * Requirements step, stored on the campaign, copied onto each delivered item with its end day.
 */
export const USAGE_RIGHT_KINDS = ['organic', 'ads', 'website'] as const;
export type UsageRightKind = (typeof USAGE_RIGHT_KINDS)[number];

export const USAGE_RIGHT_LABEL: Record<UsageRightKind, string> = {
  organic: 'Repost organically',
  ads: 'Use in ads',
  website: 'Use on the website',
};

/** The short noun of each right for "Ads use until 3 March". */
export const USAGE_RIGHT_SHORT: Record<UsageRightKind, string> = {
  organic: 'Organic reposts',
  ads: 'Ads use',
  website: 'Website use',
};

/** On the campaign: the rights and their length (`days` after delivery, or `until` a day; neither: no end). */
export const usageRightsResourceSchema = z.object({
  organic: z.boolean(),
  ads: z.boolean(),
  website: z.boolean(),
  days: z.int().nullable(),
  until: z.string().nullable(),
});
export type UsageRightsResource = z.infer<typeof usageRightsResourceSchema>;

/** On a delivered item: the rights as granted at delivery, with the last day (null: no end). */
export const contentRightsResourceSchema = z.object({
  organic: z.boolean(),
  ads: z.boolean(),
  website: z.boolean(),
  expires_on: z.string().nullable(),
});
export type ContentRightsResource = z.infer<typeof contentRightsResourceSchema>;

/** "3 March" (and the year when it is not `currentYear`). */
export function rightsDay(date: string, currentYear?: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const base = `${d} ${MONTH_LONG[m - 1] ?? ''}`;
  return currentYear === undefined || currentYear === y ? base : `${base} ${y}`;
}

/** The day a delivered item's rights end: `days` after the delivery day, or `until`; null for no end. */
export function rightsExpiry(rights: UsageRightsResource, deliveredDay: string): string | null {
  if (rights.until) return rights.until;
  if (rights.days) {
    const [y, m, d] = deliveredDay.split('-').map(Number) as [number, number, number];
    return new Date(Date.UTC(y, m - 1, d + rights.days)).toISOString().slice(0, 10);
  }
  return null;
}

/** One line per right granted on an item: "Ads use until 3 March", "Organic reposts, no end date". */
export function contentRightsLines(rights: ContentRightsResource | null, currentYear?: number): string[] {
  if (!rights) return [];
  return USAGE_RIGHT_KINDS.filter((k) => rights[k]).map((k) =>
    rights.expires_on
      ? `${USAGE_RIGHT_SHORT[k]} until ${rightsDay(rights.expires_on, currentYear)}`
      : `${USAGE_RIGHT_SHORT[k]}, no end date`,
  );
}

/** The campaign's rights in one sentence for the media user: "Use in ads, Use on the website for 30 days". */
export function usageRightsSummary(rights: UsageRightsResource | null | undefined): string | null {
  if (!rights) return null;
  const kinds = USAGE_RIGHT_KINDS.filter((k) => rights[k]).map((k) => USAGE_RIGHT_LABEL[k]);
  if (kinds.length === 0) return 'No use of your content beyond your own posts';
  const length = rights.until
    ? `until ${rightsDay(rights.until)}`
    : rights.days
      ? `for ${rights.days} days after delivery`
      : 'with no end date';
  return `${kinds.join(', ')} ${length}`;
}
