import { z } from 'zod';
import { LIMITS } from '../limits';
import { MSG, tooLong } from '../messages';

/** Missing and blank inputs both read "This field is required." (spec section 5). */
const requiredError = { error: () => MSG.required };

export function requiredText(max: number) {
  return z.string(requiredError).trim().min(1, MSG.required).max(max, tooLong(max));
}

export function optionalText(max: number) {
  return z.string().trim().max(max, tooLong(max)).optional();
}

export function requiredEmail() {
  return z
    .string(requiredError)
    .trim()
    .min(1, MSG.required)
    .max(LIMITS.email, tooLong(LIMITS.email))
    .pipe(z.email(MSG.invalidEmail))
    .transform((value) => value.toLowerCase());
}

export function requiredZip() {
  return z
    .string(requiredError)
    .trim()
    .min(1, MSG.required)
    .regex(/^\d+$/, MSG.zipNumber)
    .max(LIMITS.zip, tooLong(LIMITS.zip));
}

/** A new password: an empty one reads only `required`, not also "at least six characters". */
export function newPassword(required: string = MSG.required) {
  return z
    .string({ error: () => required })
    .min(1, { message: required, abort: true })
    .min(LIMITS.passwordMin, MSG.passwordMin)
    .max(LIMITS.password, tooLong(LIMITS.password));
}

export function optionalUrl() {
  return z
    .string()
    .trim()
    .max(LIMITS.url, tooLong(LIMITS.url))
    .refine((v) => v === '' || isHttpUrl(v), 'The link must be a valid URL.')
    .optional();
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
