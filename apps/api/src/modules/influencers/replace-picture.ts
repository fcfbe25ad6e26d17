import type { MediaProfileResource } from '@comped/shared/schemas/resources';
import { eq } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { assertMediaAccount } from './influencers.policy';
import { ownProfile } from './read-profile';

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
  return ownProfile(ctx.db, user);
}
