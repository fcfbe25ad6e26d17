import { MSG } from '@comped/shared/messages';
import type { MemberInvitationResource } from '@comped/shared/validation/members';
import { eq } from 'drizzle-orm';

import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { brandMembers, brands } from '../../db/schema';
import { appError } from '../../lib/app-error';
import { hashToken } from '../../lib/tokens';
import { emailTaken } from '../auth/credentials';
import { formerMemberAccount } from './members.policy';

/** 422 `invitation_invalid` on `token`, with why. */
export const refuseInvitation = (message: string) => appError('invitation_invalid', { field: 'token', message });

/**
 * The invitation a link's token opens (locked for the acceptance's transaction), or the 422
 * `invitation_invalid` on `token` that says why not: an unknown (forged) token, a used one, an
 * expired one, each with its own message.
 */
export async function openInvitation(db: DbOrTx, token: string, now: Date, { lock = false } = {}) {
  const found = db
    .select()
    .from(brandMembers)
    .where(eq(brandMembers.tokenHash, hashToken(token)))
    .limit(1);
  const [invitation] = lock ? await found.for('update') : await found;
  if (!invitation) throw refuseInvitation(MSG.invitationInvalid);
  if (invitation.acceptedAt) throw refuseInvitation(MSG.invitationUsed);
  if (invitation.expiresAt.getTime() <= now.getTime()) throw refuseInvitation(MSG.invitationExpired);
  return invitation;
}

/**
 * The account the invitation's e-mail takes: a removed member's own account again (its id), or a new
 * one (null). An e-mail that belongs to anyone else is refused on `token`: the link cannot be used.
 */
export async function accountForInvitation(db: DbOrTx, email: string): Promise<number | null> {
  const formerId = await formerMemberAccount(db, email);
  if (formerId === null && (await emailTaken(db, email))) throw refuseInvitation(MSG.emailTaken);
  return formerId;
}

/**
 * POST members/invitation {token}: what the mailed link invites to, so /join can say it before the
 * account is made (the brand, the role, the e-mail and until when), or why the link cannot be used,
 * as POST members/accept would refuse it.
 */
export async function readInvitation(ctx: AppContext, input: { token: string }): Promise<MemberInvitationResource> {
  const invitation = await openInvitation(ctx.db, input.token, ctx.clock.now());
  await accountForInvitation(ctx.db, invitation.email);
  const [brand] = await ctx.db
    .select({ name: brands.name })
    .from(brands)
    .where(eq(brands.id, invitation.brandId))
    .limit(1);
  if (!brand) throw refuseInvitation(MSG.invitationInvalid);
  return {
    brand: { name: brand.name },
    role: invitation.role,
    email: invitation.email,
    expires_at: invitation.expiresAt.toISOString(),
  };
}
