import type { MemberResource } from '@comped/shared/validation/members';
import { asc, eq } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { brandMembers, users } from '../../db/schema';
import { toMemberResource } from './members.serializer';

/** GET brands/{id}/members: invitations and members, oldest first. */
export async function listMembers(ctx: AppContext, brandId: number): Promise<MemberResource[]> {
  const rows = await ctx.db
    .select({ member: brandMembers, name: users.name })
    .from(brandMembers)
    .leftJoin(users, eq(users.id, brandMembers.userId))
    .where(eq(brandMembers.brandId, brandId))
    .orderBy(asc(brandMembers.id));
  return rows.map((r) => toMemberResource(r.member, r.name));
}
