import type { Role } from '@comped/shared/roles';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { Db } from '../db/client';
import { accessTokens, users } from '../db/schema';
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
 * Every authenticated request runs this statement first: prepared once per database (a named
 * statement, so each connection plans it once and Drizzle builds its SQL once), which shows when
 * 200 requests arrive at once (docs/performance.md, the booking storm).
 */
function prepareTokenLookup(db: Db) {
  return db
    .select({
      tokenId: accessTokens.id,
      issuedAt: accessTokens.createdAt,
      lastUsedAt: accessTokens.lastUsedAt,
      id: users.id,
      role: users.role,
      name: users.name,
      email: users.email,
      mustChangePassword: users.mustChangePassword,
      tier: users.tier,
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(and(eq(accessTokens.tokenHash, sql.placeholder('hash')), isNull(accessTokens.revokedAt)))
    .limit(1)
    .prepare('auth_token_user');
}
const tokenLookups = new WeakMap<Db, ReturnType<typeof prepareTokenLookup>>();
function tokenLookup(db: Db) {
  let query = tokenLookups.get(db);
  if (!query) tokenLookups.set(db, (query = prepareTokenLookup(db)));
  return query;
}

/** The signed-in user, or null; caches on the request. Never throws for a bad token. */
export async function resolveUser(request: FastifyRequest): Promise<AuthUser | null> {
  if (request.authUser) return request.authUser;
  const header = request.headers.authorization;
  if (!header || !header.startsWith('Bearer ')) return null;
  const token = header.slice('Bearer '.length).trim();
  if (!token) return null;
  const { db, clock } = request.server.ctx;
  const [row] = await tokenLookup(db).execute({ hash: hashToken(token) });
  if (!row) return null;
  const now = clock.now();
  const idle = now.getTime() - row.lastUsedAt.getTime();
  if (idle > TOKEN_IDLE_MS) return null;
  if (now.getTime() - row.issuedAt.getTime() > TOKEN_ABSOLUTE_MS) return null;
  if (idle > TOUCH_EVERY_MS) {
    await db.update(accessTokens).set({ lastUsedAt: now }).where(eq(accessTokens.id, row.tokenId));
  }
  request.authUser = {
    id: row.id,
    role: row.role,
    name: row.name,
    email: row.email,
    mustChangePassword: row.mustChangePassword,
    tier: row.tier,
  };
  request.tokenId = row.tokenId;
  return request.authUser;
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
