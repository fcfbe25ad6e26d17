import { eq } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { brandMembers, users } from '../../db/schema';
import { revokeTokens } from '../auth/credentials';
import type { MemberRow } from './members.serializer';

/**
 * DELETE brands/{id}/members/{memberId}: the invitation or the membership ends, and the member's
 * tokens are revoked at once (their next request answers 401) and their live event streams end. The account stays, without a
 * password, so what they decided keeps their name ("Accepted by Sam").
 */
export async function removeMember(ctx: AppContext, member: MemberRow): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx.delete(brandMembers).where(eq(brandMembers.id, member.id));
    if (member.userId === null) return;
    await tx.update(users).set({ passwordHash: null, updatedAt: now }).where(eq(users.id, member.userId));
    await revokeTokens(tx, member.userId, now, null);
    await ctx.live.publish(tx, { t: 'x', u: [member.userId] });
  });
}
