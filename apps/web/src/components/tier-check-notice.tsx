import { MSG } from '@comped/shared/messages';
import { isMediaRole } from '@comped/shared/roles';
import type { SessionUser } from '@comped/shared/schemas/session';

import { LazyAlert } from './lazy-alert';

/**
 * Whether a signed-in media user waits for staff to confirm their tier: a media account exists
 * only once approved with a tier, so a null tier means a changed Instagram handle sent it back to
 * staff, and discovery shows them no campaign until then.
 */
export function awaitsTierCheck(user: SessionUser): boolean {
  return isMediaRole(user.profile.type) && user.profile.tier_range === null;
}

/** The info shown on /campaigns and /profile while the tier check is open; nothing otherwise. */
export function TierCheckNotice({ user }: { user: SessionUser }) {
  if (!awaitsTierCheck(user)) return null;
  return (
    <LazyAlert severity="info" sx={{ mb: 3 }}>
      {MSG.tierCheckPending}
    </LazyAlert>
  );
}
