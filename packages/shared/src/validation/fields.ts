import { z } from 'zod';

import { splitCommaList } from '../comma-list';
import { LIMITS } from '../limits';
import { MSG, tooLong } from '../messages';

/** Missing and blank inputs both read "This field is required." (spec section 5). */
const requiredError = { error: () => MSG.required };

/**
 * C0 control characters other than tab, line feed and carriage return, and DEL: never part of real
 * text, and PostgreSQL refuses NUL outright (issue 11). Refused in every free-text field.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value);
}

export function requiredText(max: number) {
  return z
    .string(requiredError)
    .trim()
    .min(1, MSG.required)
    .max(max, tooLong(max))
    .refine((v) => !hasControlCharacters(v), MSG.controlCharacters);
}

/**
 * What a handle is made of on Instagram, X, TikTok and Facebook (a page's name may hold hyphens). A
 * space, a slash or a pasted link would make the profile's link (instagram.com/<handle>) lead nowhere.
 */
const HANDLE = /^[A-Za-z0-9._-]*$/;

/** A profile's page on a network whose handles these fields hold: `instagram.com/<handle>` and the like. */
const PROFILE_LINK =
  /^(?:https?:\/\/)?(?:(?:www|m|mobile)\.)?(?:instagram\.com|tiktok\.com|x\.com|twitter\.com|facebook\.com|fb\.com)\/@?([^/?#\s]+)\/?(?:[?#]\S*)?$/i;

/**
 * A social handle, kept trimmed and without its leading "@". A profile's link pasted in its place
 * (`https://www.instagram.com/annlee.eats/?hl=en`) is read as its handle; any other link, a post's
 * included, is still refused by HANDLE.
 */
export function socialHandle() {
  return z
    .string(requiredError)
    .trim()
    .transform((v) => (PROFILE_LINK.exec(v)?.[1] ?? v).replace(/^@+/, ''))
    .pipe(z.string().max(LIMITS.socialHandle, tooLong(LIMITS.socialHandle)).regex(HANDLE, MSG.socialHandleFormat));
}

/**
 * A phone number as people write one: digits, with spaces, "+", "-", dots or parentheses between
 * them. A word in its place would become a `tel:` link that dials nothing.
 */
const PHONE = /^\+?[\d\s().-]*\d[\d\s().-]*$/;

/** A required phone number (a brand's, a location's). */
export function requiredPhone() {
  return requiredText(LIMITS.phone).refine((v) => v === '' || PHONE.test(v), MSG.phoneFormat);
}

/** A social handle that must be given (the media application's Instagram). */
export function requiredSocialHandle() {
  return socialHandle().pipe(z.string().min(1, MSG.required));
}

export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, tooLong(max))
    .refine((v) => !hasControlCharacters(v), MSG.controlCharacters)
    .optional();
}

/** A row id in a path, query or body: a positive integer within the database's range. */
export function dbId(message: string = MSG.notFound) {
  return z.coerce.number(message).int(message).min(1, message).max(LIMITS.idMax, message);
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

/** A `filter[...]=a,b` query value: the comma list (splitCommaList), each item checked by `item`. */
export function commaListSchema<T extends z.ZodType<unknown, string>>(item: T) {
  return z.string().trim().transform(splitCommaList).pipe(z.array(item));
}
