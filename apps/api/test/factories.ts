import { isMediaRole } from '@comped/shared/roles';
import { eq } from 'drizzle-orm';

import type { AppContext } from '../src/context';
import { accessTokens, brandMembers, brands, subscriptions, users } from '../src/db/schema';
import { hashPassword } from '../src/lib/passwords';
import { hashToken, newOpaqueToken } from '../src/lib/tokens';

let seq = 0;
/** A unique e-mail per call, so tests in one file never collide. */
export function uniqueEmail(prefix = 'user'): string {
  seq += 1;
  return `${prefix}.${Date.now().toString(36)}.${seq}@example.test`;
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
  token: string;
  /** `{ authorization: 'Bearer ...' }` for app.inject. */
  headers: { authorization: string };
}

/** Inserts a user with a known password and a signed-in token, without going through the routes. */
export async function createUser(
  ctx: AppContext,
  opts: {
    role: 'brands' | 'influencer' | 'journalist' | 'staff';
    name?: string;
    tier?: number;
    instagram?: string | null;
    workplace?: string | null;
    password?: string;
    mustChangePassword?: boolean;
  },
): Promise<TestUser> {
  const email = uniqueEmail(opts.role);
  const password = opts.password ?? 'secret-password';
  const [user] = await ctx.db
    .insert(users)
    .values({
      name: opts.name ?? `Test ${opts.role}`,
      email,
      role: opts.role,
      passwordHash: await hashPassword(password),
      tier: isMediaRole(opts.role) ? (opts.tier ?? 1) : null,
      instagram: opts.instagram === undefined ? (opts.role === 'influencer' ? 'test_handle' : null) : opts.instagram,
      workplace: opts.workplace === undefined ? (opts.role === 'journalist' ? 'The Daily Test' : null) : opts.workplace,
      mustChangePassword: opts.mustChangePassword ?? false,
    })
    .returning();
  if (!user) throw new Error('user insert failed');
  const token = await issueToken(ctx, user.id);
  return { id: user.id, email, password, token, headers: { authorization: `Bearer ${token}` } };
}

export async function issueToken(ctx: AppContext, userId: number): Promise<string> {
  const token = newOpaqueToken();
  const now = ctx.clock.now();
  await ctx.db.insert(accessTokens).values({ userId, tokenHash: hashToken(token), createdAt: now, lastUsedAt: now });
  return token;
}

export interface TestBrand extends TestUser {
  brandId: number;
}

/** A brand owner with a brand and, unless `subscribed: false`, an active subscription. */
export async function createBrandOwner(
  ctx: AppContext,
  opts: { subscribed?: boolean; name?: string } = {},
): Promise<TestBrand> {
  const user = await createUser(ctx, { role: 'brands', name: opts.name ?? 'Brand Owner' });
  const [brand] = await ctx.db
    .insert(brands)
    .values({
      ownerId: user.id,
      name: opts.name ?? 'Test Bistro',
      address: '1 Main St',
      zip: '10001',
      phones: '5551234567',
    })
    .returning();
  if (!brand) throw new Error('brand insert failed');
  if (opts.subscribed !== false) {
    const plan = await ctx.db.query.plans.findFirst();
    if (!plan) throw new Error('no plan seeded');
    const now = ctx.clock.now();
    await ctx.db.insert(subscriptions).values({
      userId: user.id,
      planId: plan.id,
      status: 'active',
      provider: 'local',
      monthsBilled: 1,
      cardBrand: 'visa',
      cardLast4: '4242',
      currentPeriodStart: now,
      currentPeriodEnd: new Date(now.getTime() + 30 * 86400_000),
    });
  }
  return { ...user, brandId: brand.id };
}

export async function getUser(ctx: AppContext, id: number) {
  return ctx.db.query.users.findFirst({ where: eq(users.id, id) });
}

/**
 * An active member of a brand's team (brand teams), signed in: a manager, or a host of `locationIds`.
 * Inserted directly, as if the invitation had been accepted.
 */
export async function createBrandMember(
  ctx: AppContext,
  brandId: number,
  role: 'manager' | 'host',
  locationIds: number[] = [],
  name = role === 'manager' ? 'Morgan Manager' : 'Sam Host',
): Promise<TestUser & { memberId: number }> {
  const user = await createUser(ctx, { role: 'brands', name });
  const now = ctx.clock.now();
  const [member] = await ctx.db
    .insert(brandMembers)
    .values({
      brandId,
      userId: user.id,
      email: user.email,
      role,
      locationIds: role === 'host' ? locationIds : [],
      expiresAt: now,
      acceptedAt: now,
    })
    .returning();
  return { ...user, memberId: member!.id };
}
