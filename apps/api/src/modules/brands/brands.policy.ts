import { MSG } from '@comped/shared/messages';
import type { BrandRole } from '@comped/shared/roles';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';

import type { DbOrTx } from '../../db/client';
import { fromDriver, preparedOn, preparedSql } from '../../db/prepared';
import { bookings, brandMembers, brands, users } from '../../db/schema';
import { rowsOf } from '../../jobs/queue';
import { appError } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { currentUser, joinToTokenLookup, tokenJoinedRow } from '../../plugins/auth';

export type BrandRow = typeof brands.$inferSelect;

/**
 * A brand-side user's place in a brand (decisions.md round 3, "Brand teams"): the owner, or an
 * active member (manager or host). `locationIds` is null for the owner and managers (the whole brand)
 * and a host's locations otherwise.
 */
export interface BrandMembership {
  brand: BrandRow;
  role: BrandRole;
  locationIds: number[] | null;
}

/** Who may do what, by route (docs/security.md, "Brand teams"). */
export const ANY_BRAND_ROLE: readonly BrandRole[] = ['owner', 'manager', 'host'];
/** Everything but plans, payment and members. */
export const BRAND_MANAGERS: readonly BrandRole[] = ['owner', 'manager'];
export const BRAND_OWNER: readonly BrandRole[] = ['owner'];

/**
 * The brand a brand-side user stands in, over `owner` (the user's id): the owned brand first
 * (lowest id), else the team they joined; its columns, and their role and locations as a member.
 */
function membershipRowOf(owner: SQL | SQLWrapper): SQL {
  return sql`select ${brands}.*, ${brandMembers.role} as member_role, ${brandMembers.locationIds} as member_location_ids
    from ${brands} left join ${brandMembers} on ${brandMembers.brandId} = ${brands.id}
      and ${brandMembers.userId} = ${owner} and ${brandMembers.acceptedAt} is not null
    where ${brands.id} in (select ${brands.id} from ${brands} where ${brands.ownerId} = ${owner}
      union all select ${brandMembers.brandId} from ${brandMembers}
      where ${brandMembers.userId} = ${owner} and ${brandMembers.acceptedAt} is not null)
    order by ${brands.ownerId} = ${owner} desc, ${brands.id}
    limit 1`;
}

// Nearly every brand-side request asks this next, so the token's own statement reads it (a round
// trip fewer on every brand page): plugins/auth.ts runs it, this module says what it is.
joinToTokenLookup({ role: 'brands', lateral: membershipRowOf(users.id) });

/** A membershipRowOf row as a BrandMembership (null: no brand, or not a member of it). */
function membershipFromRow(row: Record<string, unknown> | undefined, userId: number): BrandMembership | null {
  if (!row || row.id === null || row.id === undefined) return null;
  const brand = fromDriver(brands, row);
  if (brand.ownerId === userId) return { brand, role: 'owner', locationIds: null };
  const role = row.member_role as BrandRole | null;
  if (!role) return null;
  const locationIds =
    row.member_location_ids === null
      ? []
      : (brandMembers.locationIds.mapFromDriverValue(row.member_location_ids) as number[]);
  return { brand, role, locationIds: role === 'host' ? locationIds : null };
}

/** The brand a brand-side user belongs to (the one they own, else the team they joined), or null. */
export async function membershipOf(db: DbOrTx, user: number | AuthUser): Promise<BrandMembership | null> {
  if (typeof user !== 'number') return membershipOfUser(db, user);
  const lookup = preparedSql(db, 'brand_membership', () => membershipRowOf(sql.placeholder('user')));
  const [row] = rowsOf<Record<string, unknown>>(await lookup.execute({ user }));
  return membershipFromRow(row, user);
}

/**
 * The signed-in user's membership as one request reads it: the token's statement read it already
 * (tokenJoinedRow), and a `brandRoles` gate and the handler's policy ask the same fact, so neither
 * asks a statement. Kept per AuthUser (one per request: resolveUser makes it) and per database
 * handle (a transaction reads its own); only for checks that read, never after a handler changed a
 * membership.
 */
const membershipPerRequest = new WeakMap<AuthUser, { db: DbOrTx; membership: Promise<BrandMembership | null> }>();
function membershipOfUser(db: DbOrTx, user: AuthUser): Promise<BrandMembership | null> {
  const known = membershipPerRequest.get(user);
  if (known?.db === db) return known.membership;
  const joined = tokenJoinedRow(db, user);
  const membership = joined ? Promise.resolve(membershipFromRow(joined, user.id)) : membershipOf(db, user.id);
  membershipPerRequest.set(user, { db, membership });
  return membership;
}

/**
 * The signed-in brand-side user's brand, for routes whose path names none (`locations`, `campaigns`):
 * 404 without a brand, 403 when their role may not (`roles`).
 */
export async function brandOfMember(
  db: DbOrTx,
  user: number | AuthUser,
  roles: readonly BrandRole[] = ANY_BRAND_ROLE,
): Promise<BrandMembership> {
  const membership = await membershipOf(db, user);
  if (!membership) throw appError('not_found', { message: MSG.brandNotFound });
  if (!roles.includes(membership.role)) throw appError('forbidden');
  return membership;
}

/** The brand a brand owner runs (one per plan today), or 404; a member who is not its owner: 403. */
export async function brandOfOwner(db: DbOrTx, userId: number) {
  return (await brandOfMember(db, userId, BRAND_OWNER)).brand;
}

/**
 * A `brands/{id}` path: the brand must be the signed-in user's, in one of `roles`. Another brand's
 * id is 403 (whether or not it exists, so ids reveal nothing), and so is a role that may not.
 */
export async function assertBrandRole(
  db: DbOrTx,
  user: number | AuthUser,
  brandId: number,
  roles: readonly BrandRole[],
): Promise<BrandMembership> {
  // Given the request's user (not an id), the request's membership as its token's statement read it.
  const membership = await membershipOf(db, user);
  if (!membership || membership.brand.id !== brandId || !roles.includes(membership.role)) {
    throw appError('forbidden');
  }
  return membership;
}

/** A `brands/{id}` path only the owner may use (plans, payment, members). */
export async function assertOwnsBrand(db: DbOrTx, user: number | AuthUser, brandId: number) {
  return (await assertBrandRole(db, user, brandId, BRAND_OWNER)).brand;
}

/** A host sees a location's bookings only when it is one of theirs; owners and managers see all. */
export function seesLocation(membership: Pick<BrandMembership, 'locationIds'>, locationId: number): boolean {
  return membership.locationIds === null || membership.locationIds.includes(locationId);
}

/** The owner of a brand, who pays for it: a member's plan is their owner's. */
export async function payerOf(db: DbOrTx, user: number | AuthUser): Promise<number> {
  const membership = await membershipOf(db, user);
  if (membership) return membership.brand.ownerId;
  return typeof user === 'number' ? user : user.id;
}

/** An accepted member of a brand as the brand side is chosen from (brandSideOf). */
export interface BrandSideMember {
  userId: number | null;
  role: string | null;
  locationIds: number[] | null;
}

/**
 * The accepted members of the brand whose id is `brandId` (a column or a value), as one JSON array
 * of BrandSideMember: a statement that reads a brand can carry its brand side without a second one.
 */
export function brandSideMembersSql(brandId: SQLWrapper | number): SQL<BrandSideMember[]> {
  return sql<
    BrandSideMember[]
  >`(select coalesce(json_agg(json_build_object('userId', ${brandMembers.userId}, 'role', ${brandMembers.role}, 'locationIds', ${brandMembers.locationIds})), '[]'::json)
    from ${brandMembers} where ${brandMembers.brandId} = ${brandId} and ${brandMembers.acceptedAt} is not null)`;
}

/** The owner, the managers and, at `locationId`, its hosts, from the brand's accepted members. */
export function brandSideOf(ownerId: number, members: BrandSideMember[], locationId: number | null): number[] {
  const ids = [ownerId];
  for (const m of members) {
    if (m.userId === null || m.role === null || m.locationIds === null) continue;
    if (m.role === 'manager' || (locationId !== null && m.locationIds.includes(locationId))) ids.push(m.userId);
  }
  return ids;
}

/**
 * The brand-side users who receive a brand's booking news: the owner, the managers and, when the
 * booking's location is given, the hosts of that location (brand teams). `{ ofBooking }` names the
 * location by its booking (null: a conversation without one), read in the same statement.
 */
export async function brandMembersFor(
  db: DbOrTx,
  brandId: number,
  location: number | null | { ofBooking: number | null },
): Promise<number[]> {
  const ofBooking = location !== null && typeof location === 'object' ? location.ofBooking : null;
  // Every notice to a brand's side and every message asks: prepared once per connection and shape.
  const name = `brand_members_for${ofBooking === null ? '' : ':booking'}`;
  const rows = await preparedOn(db, name, (on) =>
    on
      .select({
        ownerId: brands.ownerId,
        bookingLocation:
          ofBooking === null
            ? sql<number | null>`null`
            : sql<
                number | null
              >`(select ${bookings.locationId} from ${bookings} where ${bookings.id} = ${sql.placeholder('booking')})`,
        userId: brandMembers.userId,
        role: brandMembers.role,
        locationIds: brandMembers.locationIds,
      })
      .from(brands)
      .leftJoin(brandMembers, and(eq(brandMembers.brandId, brands.id), isNotNull(brandMembers.acceptedAt)))
      .where(eq(brands.id, sql.placeholder('brand')))
      .prepare(name),
  ).execute({ brand: brandId, booking: ofBooking });
  const first = rows[0];
  if (!first) return [];
  const locationId =
    typeof location === 'number' ? location : first.bookingLocation === null ? null : Number(first.bookingLocation);
  return brandSideOf(first.ownerId, rows, locationId);
}

/**
 * An `onRequest` hook after `requireAuth('brands')`: a team member whose role may not use the route
 * is refused (403) before the body is read (brand teams). The owner always passes; which brand the
 * path names is still checked by the handler's policy.
 */
export function brandRoles(roles: readonly BrandRole[]) {
  return async function brandRoleGate(request: FastifyRequest): Promise<void> {
    const membership = await membershipOf(request.server.ctx.db, currentUser(request));
    if (membership && !roles.includes(membership.role)) throw appError('forbidden');
  };
}
