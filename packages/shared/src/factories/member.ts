import type { MemberResource } from '../validation/members';

/** One row of `GET brands/{id}/members` (brand teams). */
export function makeMember(over: Partial<MemberResource> = {}): MemberResource {
  return {
    id: 1,
    name: 'Sam Rivera',
    email: 'sam@example.test',
    role: 'host',
    location_ids: [1],
    status: 'active',
    ...over,
  };
}
