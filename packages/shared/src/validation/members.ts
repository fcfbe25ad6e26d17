import { z } from 'zod';

import { LIMITS } from '../limits';
import { MSG } from '../messages';
import { MEMBER_ROLES } from '../roles';
import { newPassword, requiredEmail, requiredText } from './fields';

const locationIds = z
  .array(
    z
      .number({ error: () => MSG.memberLocationUnknown })
      .int()
      .positive()
      .max(LIMITS.idMax),
    {
      error: () => MSG.memberLocationUnknown,
    },
  )
  .max(100)
  .default([]);
const role = z.enum(MEMBER_ROLES, { error: () => MSG.required });

/** A host needs at least one location; a manager's locations are ignored (they see the whole brand). */
function hostsNeedALocation<T extends { role: string; location_ids: number[] }>(value: T, ctx: z.RefinementCtx) {
  if (value.role === 'host' && value.location_ids.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['location_ids'], message: MSG.memberHostNeedsLocation });
  }
}

/** `PUT brands/{id}/members/{memberId} {role, location_ids}`. */
export const memberUpdateSchema = z
  .object({ role, location_ids: locationIds })
  .superRefine(hostsNeedALocation)
  .transform((v) => ({ ...v, location_ids: v.role === 'host' ? [...new Set(v.location_ids)] : [] }));
export type MemberUpdateInput = z.input<typeof memberUpdateSchema>;

/** `POST brands/{id}/members {email, role, location_ids}`. */
export const memberInviteSchema = z
  .object({ email: requiredEmail(), role, location_ids: locationIds })
  .superRefine(hostsNeedALocation)
  .transform((v) => ({ ...v, location_ids: v.role === 'host' ? [...new Set(v.location_ids)] : [] }));
export type MemberInviteInput = z.input<typeof memberInviteSchema>;

const invitationToken = z
  .string({ error: () => MSG.invitationInvalid })
  .min(1, MSG.invitationInvalid)
  .max(200);

/** `POST members/accept {token, name, password}`. */
export const memberAcceptSchema = z.object({
  token: invitationToken,
  name: requiredText(LIMITS.name),
  password: newPassword(),
});
export type MemberAcceptInput = z.input<typeof memberAcceptSchema>;

/** `POST members/invitation {token}`: what the link invites to, before the account is made. */
export const memberInvitationQuerySchema = z.object({ token: invitationToken });

/** The answer of `POST members/invitation`: which brand, as what, for which e-mail, until when. */
export const memberInvitationResourceSchema = z.object({
  brand: z.object({ name: z.string() }),
  role: z.enum(MEMBER_ROLES),
  email: z.string(),
  expires_at: z.string(),
});
export type MemberInvitationResource = z.infer<typeof memberInvitationResourceSchema>;

export const MEMBER_STATUSES = ['invited', 'active'] as const;

/** One row of `GET brands/{id}/members`. */
export const memberResourceSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  email: z.string(),
  role: role,
  location_ids: z.array(z.number().int()),
  status: z.enum(MEMBER_STATUSES),
});
export type MemberResource = z.infer<typeof memberResourceSchema>;
