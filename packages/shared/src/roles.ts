/** Roles as the spec names them (`profile.type`), plus the product team's `staff`. */
export const ROLES = ['brands', 'influencer', 'journalist', 'staff'] as const;
export type Role = (typeof ROLES)[number];

export const MEDIA_TYPES = ['influencer', 'journalist'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export function isMediaRole(role: string | undefined | null): role is MediaType {
  return role === 'influencer' || role === 'journalist';
}

export const TIERS = [1, 2, 3, 4] as const;
export type Tier = (typeof TIERS)[number];
