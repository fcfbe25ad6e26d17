import type { MemberResource } from '@comped/shared/validation/members';

import type { brandMembers } from '../../db/schema';

export type MemberRow = typeof brandMembers.$inferSelect;

/** One row of `GET brands/{id}/members`: an invitation until accepted, then an active member. */
export function toMemberResource(row: MemberRow, name: string | null): MemberResource {
  return {
    id: row.id,
    name,
    email: row.email,
    role: row.role,
    location_ids: row.locationIds,
    status: row.acceptedAt ? 'active' : 'invited',
  };
}
