import type { MediaProfileResource } from '@comped/shared/schemas/resources';
import type { MediaProfileValues } from '@comped/shared/validation/media-profile';
import { eq } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import type { AuthUser } from '../../plugins/auth';
import { mediaUserSummary } from '../bookings/bookings.serializer';
import { reliabilityOf } from '../bookings/reliability';
import { assertMediaAccount, readableProfile } from './influencers.policy';
import { needsTierCheck, requestTierCheck } from './tier-check';

type UserRow = typeof users.$inferSelect;

export function toFullProfileResource(u: UserRow): MediaProfileResource {
  return { ...mediaUserSummary(u), email: u.email, press_places: u.pressPlaces, directory_listed: u.directoryListed };
}

/** What a brand sees: no e-mail. */
export function toPublicProfileResource(u: UserRow): MediaProfileResource {
  return { ...mediaUserSummary(u), press_places: u.pressPlaces };
}

/** GET influencers/{id}: the profile as the viewer may read it (influencers.policy.ts). */
export async function readProfile(ctx: AppContext, viewer: AuthUser, id: number): Promise<MediaProfileResource> {
  const { user, view } = await readableProfile(ctx.db, viewer, id);
  const reliability = (await reliabilityOf(ctx.db, [user.id])).get(user.id);
  return { ...(view === 'full' ? toFullProfileResource(user) : toPublicProfileResource(user)), reliability };
}

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
  return toFullProfileResource(row);
}

/** Stores the new picture, points the user at it, then deletes the previous file. */
export async function replacePicture(
  ctx: AppContext,
  userId: number,
  picture: { body: Buffer; key: string; contentType: string },
): Promise<MediaProfileResource> {
  await ctx.storage.put(picture.key, picture.body, picture.contentType);
  const [before] = await ctx.db
    .select({ profilePicture: users.profilePicture })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const [row] = await ctx.db
    .update(users)
    .set({ profilePicture: picture.key, updatedAt: ctx.clock.now() })
    .where(eq(users.id, userId))
    .returning();
  if (!row) await ctx.storage.delete(picture.key);
  const user = assertMediaAccount(row);
  const old = before?.profilePicture;
  if (old && old !== picture.key && !/^(https?:|data:|\/)/.test(old)) {
    await ctx.storage.delete(old).catch(() => undefined);
  }
  return toFullProfileResource(user);
}
