/** Roles as the spec names them (`profile.type`), plus the product team's `staff`. */
export const ROLES = ['brands', 'influencer', 'journalist', 'staff'] as const;
export type Role = (typeof ROLES)[number];

export const MEDIA_TYPES = ['influencer', 'journalist'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export function isMediaRole(role: string | undefined | null): role is MediaType {
  return (MEDIA_TYPES as readonly (string | undefined | null)[]).includes(role);
}

export const TIERS = [1, 2, 3, 4] as const;
export type Tier = (typeof TIERS)[number];

/** What each tier (index 0 = tier 1) means, for people choosing one (decisions.md: influencers by followers, journalists by outlet reach). */
export const TIER_HINTS: Record<MediaType, readonly string[]> = {
  influencer: ['1k-10k followers', '10k-50k followers', '50k-250k followers', '250k+ followers'],
  journalist: ['Local outlet', 'Regional outlet', 'National outlet', 'Major national outlet'],
};

/** A brand-side user's place in the brand's team (decisions.md round 3, "Brand teams"). */
export const BRAND_ROLES = ['owner', 'manager', 'host'] as const;
export type BrandRole = (typeof BRAND_ROLES)[number];
/** The roles an owner invites (the owner is the one who registered the brand). */
export const MEMBER_ROLES = ['manager', 'host'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
