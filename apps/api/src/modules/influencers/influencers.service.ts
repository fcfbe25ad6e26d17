import { and, eq } from 'drizzle-orm';
import { isMediaRole } from '@comped/shared/roles';
import type { MediaProfileResource } from '@comped/shared/schemas/resources';
import type { MediaProfileValues } from '@comped/shared/validation/media-profile';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { bookings, brands, users } from '../../db/schema';
import { appError } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { mediaUserSummary } from '../bookings/bookings.serializer';
import { reliabilityOf } from '../bookings/reliability';
import { needsTierCheck, requestTierCheck } from './tier-check';

type UserRow = typeof users.$inferSelect;

export function fullProfile(u: UserRow): MediaProfileResource {
  return { ...mediaUserSummary(u), email: u.email, press_places: u.pressPlaces };
}

/** What a brand sees: no e-mail. */
export function publicProfile(u: UserRow): MediaProfileResource {
  return { ...mediaUserSummary(u), press_places: u.pressPlaces };
}

async function mediaUser(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row && isMediaRole(row.role) ? row : undefined;
}

/** A brand owner may see a media user who has (or had) a booking at one of the owner's brands. */
async function brandHasBookingWith(db: DbOrTx, ownerId: number, mediaUserId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(brands, eq(brands.id, bookings.brandId))
    .where(and(eq(brands.ownerId, ownerId), eq(bookings.userId, mediaUserId)))
    .limit(1);
  return !!row;
}

/**
 * GET influencers/{id}: the user themself gets the full profile; a brand owner with a booking from
 * that user gets the public one; anyone else 403 (whether or not the id exists).
 */
export async function readProfile(ctx: AppContext, viewer: AuthUser, id: number): Promise<MediaProfileResource> {
  if (viewer.id === id) {
    const self = await mediaUser(ctx.db, id);
    if (!self) throw appError('forbidden');
    const reliability = (await reliabilityOf(ctx.db, [self.id])).get(self.id);
    return { ...fullProfile(self), reliability };
  }
  if (viewer.role !== 'brands') throw appError('forbidden');
  const target = await mediaUser(ctx.db, id);
  if (!target || !(await brandHasBookingWith(ctx.db, viewer.id, id))) throw appError('forbidden');
  const reliability = (await reliabilityOf(ctx.db, [target.id])).get(target.id);
  return { ...publicProfile(target), reliability };
}

export async function updateProfile(
  ctx: AppContext,
  userId: number,
  input: MediaProfileValues,
): Promise<MediaProfileResource> {
  const blank = (v: string | undefined) => (v === undefined ? undefined : v === '' ? null : v);
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, userId)).limit(1).for('update');
    if (!before) throw appError('forbidden');
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
        ...(recheck ? { tier: null } : {}),
        updatedAt: now,
      })
      .where(eq(users.id, userId))
      .returning();
    if (!updated) throw appError('forbidden');
    if (recheck) await requestTierCheck(tx, ctx.config, updated, now);
    return updated;
  });
  return fullProfile(row);
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
  if (!row) {
    await ctx.storage.delete(picture.key);
    throw appError('forbidden');
  }
  const old = before?.profilePicture;
  if (old && old !== picture.key && !/^(https?:|data:|\/)/.test(old)) {
    await ctx.storage.delete(old).catch(() => undefined);
  }
  return fullProfile(row);
}
