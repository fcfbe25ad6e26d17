import type { MemberResource, memberUpdateSchema } from '@comped/shared/validation/members';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';

import type { AppContext } from '../../context';
import { brandMembers, users } from '../../db/schema';
import { assertLocationsOfBrand } from './members.policy';
import type { MemberRow } from './members.serializer';
import { toMemberResource } from './members.serializer';

/** PUT brands/{id}/members/{memberId} {role, location_ids}: takes effect on the member's next request. */
export async function updateMember(
  ctx: AppContext,
  member: MemberRow,
  input: z.output<typeof memberUpdateSchema>,
): Promise<MemberResource> {
  await assertLocationsOfBrand(ctx.db, member.brandId, input.location_ids);
  const [row] = await ctx.db
    .update(brandMembers)
    .set({ role: input.role, locationIds: input.location_ids, updatedAt: ctx.clock.now() })
    .where(eq(brandMembers.id, member.id))
    .returning();
  const [user] =
    row?.userId == null
      ? []
      : await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, row.userId)).limit(1);
  return toMemberResource(row ?? member, user?.name ?? null);
}
