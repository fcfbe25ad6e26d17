import type { Role } from '@comped/shared/roles';
import type { SQL } from 'drizzle-orm';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { Db, DbOrTx } from '../db/client';
import { preparedSql } from '../db/prepared';
import { accessTokens, users } from '../db/schema';
import { rowsOf } from '../jobs/queue';
import { appError } from '../lib/app-error';
import { hashToken } from '../lib/tokens';

export interface AuthUser {
  id: number;
  role: Role;
  name: string;
  email: string;
  mustChangePassword: boolean;
  tier: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    authUser: AuthUser | null;
    tokenId: number | null;
  }
}

/** Tokens expire after 30 days without use (decisions.md). */
export const TOKEN_IDLE_MS = 30 * 24 * 3600_000;
/** ...and 90 days after they were issued, however often used (ASVS session lifetime; docs/security.md). */
export const TOKEN_ABSOLUTE_MS = 90 * 24 * 3600_000;
/** last_used_at is written at most once a minute per token, not on every request. */
const TOUCH_EVERY_MS = 60_000;

export interface AuthOptions {
  /** Routes a user with a forced password change may still call (profile, logout). */
  allowPendingPasswordChange?: boolean;
}

/**
 * The `onRequest` hook of a protected route: resolves the bearer token, then checks the role.
 * `onRequest: requireAuth()` admits any signed-in user; `onRequest: requireAuth('brands')` only brand
 * owners. Which object a user may touch is the module's policy (`<module>.policy.ts`).
 */
export function requireAuth(roles: readonly Role[] | Role = [], opts: AuthOptions = {}) {
  const allowed = Array.isArray(roles) ? roles : [roles];
  const authenticate = async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const user = await resolveUser(request);
    if (!user) throw appError('unauthenticated');
    if (user.mustChangePassword && !opts.allowPendingPasswordChange) {
      throw appError('password_change_required');
    }
    if (allowed.length > 0 && !allowed.includes(user.role)) throw appError('forbidden');
  };
  const requirement: AuthRequirement = {
    roles: allowed,
    allowPendingPasswordChange: !!opts.allowPendingPasswordChange,
  };
  return Object.assign(authenticate, { [AUTH_HOOK]: requirement });
}

/** What a requireAuth hook asks for: the OpenAPI document derives `security`, 401 and 403 from it. */
export interface AuthRequirement {
  /** Empty: any signed-in user. */
  roles: readonly Role[];
  allowPendingPasswordChange: boolean;
}

/** Marks the hooks requireAuth makes (with what they require), so onRoute hooks can find them. */
export const AUTH_HOOK = Symbol('comped.auth-hook');

type Hook = ((...args: never[]) => unknown) & { [AUTH_HOOK]?: AuthRequirement };

/**
 * onRoute hook: requireAuth belongs in `onRequest`, so who is asking is checked before the body is
 * read or validated (an anonymous caller gets 401, never a 422 that describes the body; issue 11).
 * A requireAuth in a later phase stops the start, naming the route.
 */
export function assertAuthOnRequest(route: {
  url: string;
  preValidation?: Hook | Hook[];
  preHandler?: Hook | Hook[];
}): void {
  for (const phase of ['preValidation', 'preHandler'] as const) {
    if ([route[phase] ?? []].flat().some((hook) => hook[AUTH_HOOK])) {
      throw new Error(`${route.url}: requireAuth goes in onRequest, not ${phase}`);
    }
  }
}

/** What the route's requireAuth hooks (in onRequest) ask for, or null for a public route. */
export function authRequirementOf(route: { onRequest?: Hook | Hook[] }): AuthRequirement | null {
  const found: AuthRequirement[] = [];
  for (const hook of [route.onRequest ?? []].flat()) {
    const requirement = hook[AUTH_HOOK];
    if (requirement) found.push(requirement);
  }
  if (found.length === 0) return null;
  // Several hooks must all pass: a role limit of any one of them limits the route.
  return {
    roles: found.find((r) => r.roles.length > 0)?.roles ?? [],
    allowPendingPasswordChange: found.every((r) => r.allowPendingPasswordChange),
  };
}

/**
 * A fact about the signed-in user that nearly every request of a role asks next (a brand-side
 * user's brand and place in it): read in the token's own statement, so it costs no round trip of
 * its own (issue 31). The module that owns the fact gives it (plugins stay below modules): a
 * subquery of at most one row over the user (`users.id`), read only for `role`, whose columns do not
 * begin with `auth_`. tokenJoinedRow hands the module its columns back.
 */
export interface TokenLookupJoin {
  role: Role;
  lateral: SQL;
}
let tokenJoin: TokenLookupJoin | null = null;
export function joinToTokenLookup(join: TokenLookupJoin): void {
  tokenJoin = join;
}

/**
 * Every authenticated request runs this statement first: prepared once per connection, which shows
 * when 200 requests arrive at once (docs/performance.md, the booking storm).
 */
function tokenLookup(db: Db, join: TokenLookupJoin | null) {
  return preparedSql(db, join ? 'auth_token_user_joined' : 'auth_token_user', () => {
    const joined = join ? sql`left join lateral (${join.lateral}) joined on ${users.role} = ${join.role}` : sql``;
    return sql`select ${accessTokens.id} as auth_token_id, ${accessTokens.createdAt} as auth_issued_at,
        ${accessTokens.lastUsedAt} as auth_last_used_at, ${users.id} as auth_user_id,
        ${users.role} as auth_role, ${users.name} as auth_name, ${users.email} as auth_email,
        ${users.mustChangePassword} as auth_must_change_password, ${users.tier} as auth_tier
        ${join ? sql`, joined.*` : sql``}
      from ${accessTokens} join ${users} on ${users.id} = ${accessTokens.userId} ${joined}
      where ${accessTokens.tokenHash} = ${sql.placeholder('hash')} and ${accessTokens.revokedAt} is null
      limit 1`;
  });
}

/**
 * The row of this request's token statement, with the columns its TokenLookupJoin added (all null
 * when the subquery found none), or undefined when the statement did not read them.
 */
const joinedRows = new WeakMap<AuthUser, { db: DbOrTx; row: Record<string, unknown> }>();
export function tokenJoinedRow(db: DbOrTx, user: AuthUser): Record<string, unknown> | undefined {
  const known = joinedRows.get(user);
  // Only for the handle the token was read on: a transaction reads its own.
  return known?.db === db ? known.row : undefined;
}

interface TokenRow extends Record<string, unknown> {
  auth_token_id: number;
  auth_issued_at: string;
  auth_last_used_at: string;
  auth_user_id: number;
  auth_role: Role;
  auth_name: string;
  auth_email: string;
  auth_must_change_password: boolean;
  auth_tier: number | null;
}

/** The signed-in user, or null; caches on the request. Never throws for a bad token. */
export async function resolveUser(request: FastifyRequest): Promise<AuthUser | null> {
  if (request.authUser) return request.authUser;
  const header = request.headers.authorization;
  if (!header || !header.startsWith('Bearer ')) return null;
  const token = header.slice('Bearer '.length).trim();
  if (!token) return null;
  const { db, clock } = request.server.ctx;
  const join = tokenJoin;
  const [row] = rowsOf<TokenRow>(await tokenLookup(db, join).execute({ hash: hashToken(token) }));
  if (!row) return null;
  const now = clock.now();
  const lastUsedAt = accessTokens.lastUsedAt.mapFromDriverValue(row.auth_last_used_at) as Date;
  const issuedAt = accessTokens.createdAt.mapFromDriverValue(row.auth_issued_at) as Date;
  const idle = now.getTime() - lastUsedAt.getTime();
  if (idle > TOKEN_IDLE_MS) return null;
  if (now.getTime() - issuedAt.getTime() > TOKEN_ABSOLUTE_MS) return null;
  const tokenId = Number(row.auth_token_id);
  if (idle > TOUCH_EVERY_MS) {
    await db.update(accessTokens).set({ lastUsedAt: now }).where(eq(accessTokens.id, tokenId));
  }
  const user: AuthUser = {
    id: Number(row.auth_user_id),
    role: row.auth_role,
    name: row.auth_name,
    email: row.auth_email,
    mustChangePassword: row.auth_must_change_password,
    tier: row.auth_tier === null ? null : Number(row.auth_tier),
  };
  if (join && user.role === join.role) joinedRows.set(user, { db, row });
  request.authUser = user;
  request.tokenId = tokenId;
  return user;
}

/** The user of a route behind requireAuth (throws if the route forgot it). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw appError('unauthenticated');
  return request.authUser;
}

/** `influencers/{id}/...` and `journalist/{id}/...`: `{id}` must be the signed-in user (else 403). */
export function assertSelf(request: FastifyRequest, id: number): AuthUser {
  const user = currentUser(request);
  if (user.id !== id) throw appError('forbidden');
  return user;
}
