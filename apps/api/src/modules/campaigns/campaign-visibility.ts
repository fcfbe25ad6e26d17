import type { MediaType } from '@comped/shared/roles';
import { LIVE_INVITATION_STATUSES } from '@comped/shared/schemas/directory';
import type { Placeholder, SQL } from 'drizzle-orm';
import { and, arrayContains, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';

import { campaignInvitations, campaigns } from '../../db/schema';

export interface MediaViewer {
  role: MediaType;
  /** The user's tier (1-4); a media user without a tier sees nothing. */
  tier: number | null;
  /**
   * The user's id (or a statement placeholder for it): an open or booked invitation of this user to
   * a campaign of their type makes it visible past its tier range (issue 28). Without it, tiers only.
   */
  userId?: number | SQL | Placeholder;
}

/**
 * The one rule for what a media user may see (decisions.md): approved, not deleted, not expired
 * (`expires_on` >= today, see campaign-expiry.ts for "today"), aimed at the user's type, and the
 * user's tier in the campaign's tier list for that type (or, given `userId`, an open or booked
 * invitation of the user). Everything else answers 404.
 */
export function visibleToMedia(viewer: MediaViewer, today: string): SQL {
  if (viewer.tier === null) return sql`false`;
  return visibleToAudience({ role: viewer.role, tier: viewer.tier, userId: viewer.userId }, today);
}

/**
 * visibleToMedia for a user with a tier, whose tier and day may be statement placeholders (a
 * statement prepared once per role).
 */
export function visibleToAudience(
  viewer: { role: MediaType; tier: number | Placeholder; userId?: number | SQL | Placeholder },
  today: string | Placeholder,
): SQL {
  const inTier = inTierSql(viewer.role, viewer.tier);
  return and(
    eq(campaigns.status, 'approved'),
    isNull(campaigns.deletedAt),
    or(isNull(campaigns.expiresOn), gte(campaigns.expiresOn, today)),
    arrayContains(campaigns.target, [viewer.role]),
    viewer.userId === undefined ? inTier : or(inTier, invitedSql(viewer.userId)),
  ) as SQL;
}

/** The campaign's tier list for `role` holds `tier` (a value or a statement placeholder). */
export function inTierSql(role: MediaType, tier: number | Placeholder): SQL {
  const tierColumn = role === 'journalist' ? campaigns.tierRangeJournalist : campaigns.tierRangeInfluencer;
  return sql`${tierColumn} @> array[${tier}]::int[]`;
}

/** The campaign has an open or booked invitation of the user (campaign_invitations_once index). */
export function invitedSql(userId: number | SQL | Placeholder): SQL {
  return sql`exists (select 1 from ${campaignInvitations} ci where ci.campaign_id = ${campaigns.id}
    and ci.user_id = ${userId} and ${inArray(sql`ci.status`, [...LIVE_INVITATION_STATUSES])})`;
}
