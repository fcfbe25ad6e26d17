import { z } from 'zod';

import { LIMITS } from '../limits';
import { MSG, tooLong } from '../messages';
import { MEDIA_TYPES } from '../roles';
import { isCalendarDate } from '../time';
import {
  newPassword,
  optionalText,
  optionalUrl,
  requiredEmail,
  requiredPhone,
  requiredSocialHandle,
  requiredText,
  requiredZip,
  socialHandle,
} from './fields';

export const loginSchema = z.object({
  email: requiredEmail(),
  password: z
    .string({ error: () => MSG.required })
    .min(1, MSG.required)
    .max(LIMITS.password),
});
export type LoginInput = z.input<typeof loginSchema>;

/** POST registerbrand {name, email, address, password, phones, zip}. */
export const brandSignupSchema = z.object({
  name: requiredText(LIMITS.name),
  address: requiredText(LIMITS.streetAddress),
  zip: requiredZip(),
  phones: requiredPhone(),
  email: requiredEmail(),
  password: newPassword(),
});
export type BrandSignupInput = z.input<typeof brandSignupSchema>;

/**
 * POST influencers: the media application. Journalists must also give where they work and two
 * press pieces; for influencers those fields are ignored (dropped), as the spec says.
 */
export const mediaApplicationSchema = z
  .object({
    name: requiredText(LIMITS.name),
    email: requiredEmail(),
    type: z.enum(MEDIA_TYPES, { error: () => MSG.required }),
    instagram: requiredSocialHandle(),
    twitter: socialHandle().optional(),
    tiktok: socialHandle().optional(),
    workplace: optionalText(LIMITS.affiliation),
    press1: optionalUrl(),
    press2: optionalUrl(),
  })
  .superRefine((value, ctx) => {
    if (value.type !== 'journalist') return;
    for (const field of ['workplace', 'press1', 'press2'] as const) {
      if (!value[field]) ctx.addIssue({ code: 'custom', path: [field], message: MSG.required });
    }
  })
  .transform((value) =>
    value.type === 'journalist' ? value : { ...value, workplace: undefined, press1: undefined, press2: undefined },
  );
export type MediaApplicationInput = z.input<typeof mediaApplicationSchema>;

export const resetPasswordSchema = z.object({ email: requiredEmail() });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/**
 * The current password, for re-authentication (decisions.md, Review and lifecycle): `PUT profile`
 * needs it to change the password or the e-mail, except the forced change right after signing in
 * with a temporary or initial password. Optional here; the server decides when it is required and
 * checks it, the forms ask for it with `settingsFormSchema` and `passwordChangeFormSchema`.
 */
const currentPassword = () =>
  z
    .string({ error: () => MSG.currentPasswordRequired })
    .max(LIMITS.password)
    .optional();

/**
 * The password form of /settings/password-change (spec: 'This field is required' without a dot).
 * `password_confirmation` is optional on the wire (the form always sends it); when sent it must match.
 */
export const passwordChangeSchema = z
  .object({
    password: newPassword(MSG.requiredNoDot),
    password_confirmation: z
      .string({ error: () => MSG.requiredNoDot })
      .min(1, MSG.requiredNoDot)
      .optional(),
    current_password: currentPassword(),
  })
  .refine((v) => v.password_confirmation === undefined || v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: MSG.passwordsMatch,
  });
export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;

/** The name and email form of /settings (`current_password` only when the e-mail changes). */
export const settingsSchema = z.object({
  name: requiredText(LIMITS.name),
  email: requiredEmail(),
  current_password: currentPassword(),
});
export type SettingsInput = z.input<typeof settingsSchema>;

/** Whether a settings change moves the account to another e-mail (compared as stored: lowercase, trimmed). */
export function changesEmail(newEmail: string, currentEmail: string): boolean {
  return newEmail.trim().toLowerCase() !== currentEmail.trim().toLowerCase();
}

/** Whether `PUT profile` with this body must carry the current password. */
export function needsCurrentPassword(
  body: { email?: string; password?: string },
  account: { email: string; mustChangePassword: boolean },
): boolean {
  if (body.password !== undefined) return !account.mustChangePassword;
  return body.email !== undefined && changesEmail(body.email, account.email);
}

const requireCurrentPassword = (value: { current_password?: string | undefined }, ctx: z.RefinementCtx) => {
  if (!value.current_password) {
    ctx.addIssue({ code: 'custom', path: ['current_password'], message: MSG.currentPasswordRequired });
  }
};

/** The /settings form: asks for the current password once the e-mail differs from the account's. */
export function settingsFormSchema(currentEmail: string) {
  return settingsSchema.superRefine((value, ctx) => {
    if (changesEmail(value.email, currentEmail)) requireCurrentPassword(value, ctx);
  });
}

/** The password form: the confirmation is required; the current password too, unless the change is forced. */
export function passwordChangeFormSchema(mustChangePassword: boolean) {
  return passwordChangeSchema.superRefine((value, ctx) => {
    if (value.password_confirmation === undefined) {
      ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: MSG.requiredNoDot });
    }
    if (!mustChangePassword) requireCurrentPassword(value, ctx);
  });
}

/**
 * PUT profile takes either the settings form or the password form: a body with a `password` key is
 * a password change, anything else a name and email change.
 */
export function isPasswordChange(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'password' in body;
}

export const approveApplicationSchema = z.object({
  tier: z.coerce
    .number({ error: () => MSG.required })
    .int(MSG.tierBetween)
    .min(LIMITS.tierMin, MSG.tierBetween)
    .max(LIMITS.tierMax, MSG.tierBetween),
});

/** The note e-mailed with a rejection (not fixed by the spec). */
export const REJECT_REASON_MAX = 1000;

export const rejectSchema = z.object({
  reason: requiredText(REJECT_REASON_MAX),
});

/** GET admin/analytics?from&to (inclusive days, at most a year). */
const isoDay = z.string({ error: () => MSG.required }).refine(isCalendarDate, MSG.dateFormat);
export const analyticsRangeSchema = z
  .object({ from: isoDay, to: isoDay })
  .refine((v) => v.from <= v.to, { path: ['to'], message: MSG.endOnOrAfterStart })
  .refine((v) => Date.parse(v.to) - Date.parse(v.from) <= 366 * 86400_000, {
    path: ['to'],
    message: MSG.rangeAtMostYear,
  });

export { tooLong };
