import pg from 'pg';

import { hashToken } from '../src/lib/tokens';

// Dates stay strings (YYYY-MM-DD), as the product reads them; timestamps become Dates.
pg.types.setTypeParser(1082, (value: string) => value);

/** The signed-in user of the reference handlers. */
export interface RefUser {
  id: number;
  role: string;
  tier: number | null;
}

/** A brand-side user's brand, role and (for a host) locations. */
export interface RefMembership {
  brandId: number;
  ownerId: number;
  role: 'owner' | 'manager' | 'host';
  locationIds: number[] | null;
}

export type Query = <R = Record<string, unknown>>(name: string, text: string, values?: unknown[]) => Promise<R[]>;

/**
 * The reference handlers' database: one pool of the app's size (src/db/client.ts), and `query`
 * runs a named prepared statement (each connection plans it once), as a lean handler would.
 */
export function openReferenceDb(url: string): { pool: pg.Pool; query: Query } {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const query: Query = async <R>(name: string, text: string, values: unknown[] = []) =>
    (await pool.query({ name, text, values })).rows as R[];
  return { pool, query };
}

/** The access token lookup as the product does it (src/plugins/auth.ts): hash, not revoked, not idle. */
export async function userOfToken(query: Query, header: string | undefined): Promise<RefUser | null> {
  if (!header?.startsWith('Bearer ')) return null;
  const [row] = await query<RefUser & { last_used_at: Date; created_at: Date }>(
    'ref_token',
    `SELECT u.id, u.role, u.tier, t.last_used_at, t.created_at FROM access_tokens t JOIN users u ON u.id = t.user_id
     WHERE t.token_hash = $1 AND t.revoked_at IS NULL LIMIT 1`,
    [hashToken(header.slice(7).trim())],
  );
  if (!row) return null;
  const now = Date.now();
  if (now - row.last_used_at.getTime() > 30 * 24 * 3600_000 || now - row.created_at.getTime() > 90 * 24 * 3600_000)
    return null;
  return { id: row.id, role: row.role, tier: row.tier };
}

/** The brand a brand-side user stands in: owned first, else an accepted membership. */
export async function membershipOf(query: Query, userId: number): Promise<RefMembership | null> {
  const [row] = await query<{
    brand_id: number;
    owner_id: number;
    role: RefMembership['role'];
    location_ids: number[];
  }>(
    'ref_membership',
    `(SELECT b.id AS brand_id, b.owner_id, 'owner' AS role, '[]'::jsonb AS location_ids, 0 AS rank
      FROM brands b WHERE b.owner_id = $1 ORDER BY b.id LIMIT 1)
     UNION ALL
     (SELECT b.id, b.owner_id, m.role, m.location_ids, 1 FROM brand_members m JOIN brands b ON b.id = m.brand_id
      WHERE m.user_id = $1 AND m.accepted_at IS NOT NULL LIMIT 1)
     ORDER BY rank LIMIT 1`,
    [userId],
  );
  if (!row) return null;
  return {
    brandId: row.brand_id,
    ownerId: row.owner_id,
    role: row.role,
    locationIds: row.role === 'host' ? row.location_ids : null,
  };
}

/** `meta` of a paged list, at least one page. */
export function meta(number: number, size: number, total: number) {
  return { current_page: number, last_page: Math.max(1, Math.ceil(total / size)), per_page: size, total };
}

/** snake_case columns to the camelCase the product's pure mappers read. */
export function camel<T>(row: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const key in row) out[key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())] = row[key];
  return out as T;
}

/** The paging query of a URL, as the routes parse it. */
export function pageOf(url: URL) {
  const n = (name: string) => {
    const v = url.searchParams.get(name);
    return v === null ? undefined : Number(v);
  };
  return {
    number: n('page[number]') ?? 1,
    size: n('page[size]') ?? 10,
    cursor: n('page[cursor]'),
    before: n('page[before]'),
    after: n('page[after]'),
  };
}

/** "Today" as campaign expiry reads it (America/New_York, TZ_DEFAULT). */
export function todayNy(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
}
