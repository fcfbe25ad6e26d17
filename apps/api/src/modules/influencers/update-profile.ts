import type { MediaProfileResource } from '@comped/shared/schemas/resources';
import type { MediaProfileValues } from '@comped/shared/validation/media-profile';
import { eq } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { assertMediaAccount } from './influencers.policy';
import { ownProfile } from './read-profile';
import { needsTierCheck, requestTierCheck } from './tier-check';

export async function updateProfile(
  ctx: AppContext,
  userId: number,
  input: MediaProfileValues,
): Promise<MediaProfileResource> {
  const blank = (v: string | undefined) => (v === undefined ? undefined : v === '' ? null : v);
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(users).where(eq(users.id, userId)).limit(1).for('update');
    const before = assertMediaAccount(row);
    // A new Instagram handle: the tier (given by staff for the old one) goes back to staff (issue 11).
    const recheck = needsTierCheck(before, input.instagram);
    const [updated] = await tx
      .update(users)
      .set({
        name: input.name,
        bio: blank(input.bio),
        location: blank(input.location),
        instagram: blank(input.instagram),
        twitter: blank(input.twitter),
        tiktok: blank(input.tiktok),
        workplace: blank(input.workplace),
        pressPlaces: input.press_places?.filter((p) => p !== ''),
        directoryListed: input.directory_listed,
        ...(recheck ? { tier: null } : {}),
        updatedAt: now,
      })
      .where(eq(users.id, userId))
      .returning();
    if (!updated) throw new Error('profile update returned nothing');
    if (recheck) await requestTierCheck(tx, ctx.config, updated, now);
    return updated;
  });
  return ownProfile(ctx.db, row);
}
