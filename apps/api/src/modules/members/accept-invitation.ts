import { MSG } from '@comped/shared/messages';
import type { LoginResponse } from '@comped/shared/schemas/session';
import type { memberAcceptSchema } from '@comped/shared/validation/members';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';

import type { AppContext } from '../../context';
import { brandMembers, brands, notifications, pushSubscriptions, users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { issueAccessToken } from '../auth/credentials';
import { buildSessionUser } from '../auth/session-user';
import { notificationText } from '../notifications/notification-texts';
import { notify } from '../notifications/notify';
import { accountForInvitation, openInvitation, refuseInvitation } from './read-invitation';

/**
 * POST members/accept {token, name, password}: the invitation's link creates the member's account (a
 * brand-side user; a removed member's own account again) and signs it in, answering as `POST login`. An unknown (forged) token, a used one
 * and an expired one are refused with 422 `invitation_invalid` on `token`, each with its own message.
 */
export async function acceptInvitation(
  ctx: AppContext,
  input: z.output<typeof memberAcceptSchema>,
): Promise<LoginResponse> {
  const now = ctx.clock.now();
  const passwordHash = await hashPassword(input.password);
  const userId = await ctx.db.transaction(async (tx) => {
    const invitation = await openInvitation(tx, input.token, now, { lock: true });
    // A removed member's account is taken up again (its past decisions keep pointing at it).
    const formerId = await accountForInvitation(tx, invitation.email);
    const [user] =
      formerId === null
        ? await tx
            .insert(users)
            .values({
              name: input.name,
              email: invitation.email,
              role: 'brands',
              passwordHash,
              createdAt: now,
              updatedAt: now,
            })
            .returning({ id: users.id })
        : await tx
            .update(users)
            .set({ name: input.name, passwordHash, mustChangePassword: false, updatedAt: now })
            .where(eq(users.id, formerId))
            .returning({ id: users.id });
    if (!user) throw new Error('member user insert failed');
    if (formerId !== null) {
      // What the account was told on its former team is not the new team's business.
      await tx.delete(notifications).where(eq(notifications.userId, formerId));
      await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, formerId));
    }
    const accepted = await tx
      .update(brandMembers)
      .set({ userId: user.id, acceptedAt: now, updatedAt: now })
      .where(and(eq(brandMembers.id, invitation.id), isNull(brandMembers.acceptedAt)))
      .returning({ id: brandMembers.id });
    if (accepted.length === 0) throw refuseInvitation(MSG.invitationUsed);
    // The owner hears that the team grew (decisions.md's member_joined).
    const [brand] = await tx
      .select({ ownerId: brands.ownerId, name: brands.name })
      .from(brands)
      .where(eq(brands.id, invitation.brandId))
      .limit(1);
    if (brand) {
      await notify(tx, ctx, {
        userId: brand.ownerId,
        ...notificationText.memberJoined({ memberName: input.name, brandName: brand.name }),
      });
    }
    return user.id;
  });
  const token = await issueAccessToken(ctx.db, userId, now);
  return { access_token: token, token_type: 'Bearer', user: await buildSessionUser(ctx.db, userId) };
}
