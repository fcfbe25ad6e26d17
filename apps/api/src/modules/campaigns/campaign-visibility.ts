import type { MediaType } from '@comped/shared/roles';
import type { SQL } from 'drizzle-orm';
import { and, arrayContains, eq, gte, isNull, or, sql } from 'drizzle-orm';

import { campaigns } from '../../db/schema';

export interface MediaViewer {
  role: MediaType;
  /** The user's tier (1-4); a media user without a tier sees nothing. */
  tier: number | null;
}

/**
 * The one rule for what a media user may see (decisions.md): approved, not deleted, not expired
 * (`expires_on` >= today, see campaign-expiry.ts for "today"), aimed at the user's type, and the
 * user's tier in the campaign's tier list for that type. Everything else answers 404.
 */
export function visibleToMedia(viewer: MediaViewer, today: string): SQL {
  if (viewer.tier === null) return sql`false`;
  const tierColumn = viewer.role === 'journalist' ? campaigns.tierRangeJournalist : campaigns.tierRangeInfluencer;
  return and(
    eq(campaigns.status, 'approved'),
    isNull(campaigns.deletedAt),
    or(isNull(campaigns.expiresOn), gte(campaigns.expiresOn, today)),
    arrayContains(campaigns.target, [viewer.role]),
    arrayContains(tierColumn, [viewer.tier]),
  ) as SQL;
}
