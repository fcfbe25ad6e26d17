import { LIMITS } from '@comped/shared/limits';
import { MSG } from '@comped/shared/messages';
import type { MemberInviteInput, MemberResource } from '@comped/shared/validation/members';
import type { memberInviteSchema } from '@comped/shared/validation/members';
import { and, count, eq, gt, isNotNull, or } from 'drizzle-orm';
import type { z } from 'zod';

import type { AppContext } from '../../context';
import { brandMembers, users } from '../../db/schema';
import { appError } from '../../lib/app-error';
import { hashToken, newOpaqueToken } from '../../lib/tokens';
import { emailTaken } from '../auth/credentials';
import type { BrandRow } from '../brands/brands.policy';
import { queueMail } from '../mail/queue-mail';
import { memberInvitationMail } from './members.mails';
import { assertLocationsOfBrand, formerMemberAccount } from './members.policy';
import { toMemberResource } from './members.serializer';

export type { MemberInviteInput };

/**
 * POST brands/{id}/members: invites a manager or a host by mail (a link to `/join?token=...`, valid
 * 7 days). An address that already has an account is refused on `email`; a brand has at most 10
 * members (active, or invited and not expired). Inviting a pending address again sends a new link;
 * a removed member's address can be invited again.
 */
export async function inviteMember(
  ctx: AppContext,
  brand: BrandRow,
  input: z.output<typeof memberInviteSchema>,
): Promise<MemberResource> {
  const now = ctx.clock.now();
  if ((await emailTaken(ctx.db, input.email)) && (await formerMemberAccount(ctx.db, input.email)) === null) {
    throw appError('validation_failed', { field: 'email', message: MSG.emailTaken });
  }
  const locationNames = await assertLocationsOfBrand(ctx.db, brand.id, input.location_ids);
  const token = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + LIMITS.memberInvitationDays * 86400_000);
  const row = await ctx.db.transaction(async (tx) => {
    // One invitation at a time per brand (the limit is counted under the lock).
    await tx.select({ id: users.id }).from(users).where(eq(users.id, brand.ownerId)).for('update');
    const [existing] = await tx
      .select()
      .from(brandMembers)
      .where(and(eq(brandMembers.brandId, brand.id), eq(brandMembers.email, input.email)))
      .limit(1);
    if (existing?.acceptedAt) throw appError('validation_failed', { field: 'email', message: MSG.emailTaken });
    const [held] = await tx
      .select({ n: count() })
      .from(brandMembers)
      .where(
        and(
          eq(brandMembers.brandId, brand.id),
          or(isNotNull(brandMembers.acceptedAt), gt(brandMembers.expiresAt, now)),
        ),
      );
    const countsAlready = existing && existing.expiresAt.getTime() > now.getTime() ? 1 : 0;
    if (Number(held?.n ?? 0) - countsAlready >= LIMITS.brandMembers) {
      throw appError('member_limit_reached', { message: MSG.memberLimitReached });
    }
    const values = {
      role: input.role,
      locationIds: input.location_ids,
      tokenHash: hashToken(token),
      expiresAt,
      updatedAt: now,
    };
    const [saved] = existing
      ? await tx.update(brandMembers).set(values).where(eq(brandMembers.id, existing.id)).returning()
      : await tx
          .insert(brandMembers)
          .values({ ...values, brandId: brand.id, email: input.email, createdAt: now })
          .returning();
    if (!saved) throw new Error('member insert failed');
    const [owner] = await tx.select({ name: users.name }).from(users).where(eq(users.id, brand.ownerId)).limit(1);
    await queueMail(
      tx,
      memberInvitationMail({
        to: input.email,
        brandName: brand.name,
        ownerName: owner?.name ?? brand.name,
        role: input.role,
        locationNames,
        token,
        validDays: LIMITS.memberInvitationDays,
        publicUrl: ctx.config.publicUrl,
      }),
    );
    return saved;
  });
  return toMemberResource(row, null);
}
