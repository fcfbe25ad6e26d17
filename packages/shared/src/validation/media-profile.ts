import { z } from 'zod';

import { LIMITS } from '../limits';
import { MSG, tooLong } from '../messages';
import { MEDIA_TYPES } from '../roles';
import { isHttpUrl, socialHandle } from './fields';

/** At most this many press links on a journalist's profile. */
export const MAX_PRESS_PLACES = 5;

/** Social handles are kept without a leading "@" (they become instagram.com/<handle> links). */
const handle = () => socialHandle().optional();

function optional(max: number) {
  return z.string().trim().max(max, tooLong(max)).optional();
}

const pressLink = z
  .string()
  .trim()
  .max(LIMITS.url, tooLong(LIMITS.url))
  .refine((v) => v === '' || isHttpUrl(v), 'The link must be a valid URL.');

/**
 * PUT influencers/{id} and the own-profile form (spec section 5 limits: name 50, bio 250,
 * location 15, handles 50, affiliation 250). `type` is the user's own type: journalists must give
 * their affiliation (workplace).
 */
export const mediaProfileSchema = z
  .object({
    type: z.enum(MEDIA_TYPES).optional(),
    name: z
      .string({ error: () => MSG.required })
      .trim()
      .min(1, MSG.required)
      .max(LIMITS.name, tooLong(LIMITS.name)),
    bio: optional(LIMITS.bio),
    location: optional(LIMITS.location),
    instagram: handle(),
    twitter: handle(),
    tiktok: handle(),
    workplace: optional(LIMITS.affiliation),
    press_places: z.array(pressLink).max(MAX_PRESS_PLACES).optional(),
    /** Shown in brands' creator directory (issue 28); absent: unchanged. */
    directory_listed: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'journalist' && !v.workplace) {
      ctx.addIssue({ code: 'custom', path: ['workplace'], message: MSG.required });
    }
  });
export type MediaProfileInput = z.input<typeof mediaProfileSchema>;
export type MediaProfileValues = z.output<typeof mediaProfileSchema>;

/** Profile pictures: png, jpeg or svg (spec section 5), at most 10 MB. */
export const PROFILE_PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
export const PROFILE_PICTURE_ACCEPT = '.png,.jpg,.jpeg,.svg,image/png,image/jpeg,image/svg+xml';

/** The client's check before an upload (the server checks again, by content). */
export function profilePictureError(file: { size: number; type: string }): string | null {
  if (file.size > LIMITS.imageBytes) return MSG.imageTooLarge;
  if (file.type && !(PROFILE_PICTURE_TYPES as readonly string[]).includes(file.type)) return MSG.imageTypeLogo;
  return null;
}

/** The links of a media user's social handles (public profile). */
export function socialUrl(network: string, h: string): string {
  const handleText = encodeURIComponent(h.replace(/^@+/, ''));
  switch (network) {
    case 'instagram':
      return `https://instagram.com/${handleText}`;
    case 'twitter':
      return `https://twitter.com/${handleText}`;
    case 'tiktok':
      return `https://tiktok.com/@${handleText}`;
    default:
      return '#';
  }
}

/** Tier ranges by followers for influencers (decisions.md); journalists by outlet reach. */
export function tierLabel(type: string, tier: number | null | undefined): string {
  if (!tier) return 'Tier not set';
  if (type === 'influencer') {
    const ranges: Record<number, string> = { 1: '1k-10k', 2: '10k-50k', 3: '50k-250k', 4: '250k+' };
    return `Tier ${tier} · ${ranges[tier] ?? ''} followers`;
  }
  return `Tier ${tier}`;
}
