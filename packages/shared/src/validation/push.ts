import { z } from 'zod';

import { LIMITS } from '../limits';
import { MSG, tooLong } from '../messages';

/** Base64url without padding, as `PushSubscription.toJSON()` gives its keys. */
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** A base64url value that decodes to exactly `bytes` bytes (no padding: 4 characters per 3 bytes). */
function base64urlOf(bytes: number, message: string) {
  const length = Math.ceil((bytes * 4) / 3);
  return z
    .string({ error: () => MSG.required })
    .min(1, MSG.required)
    .refine((v) => v.length === length && BASE64URL.test(v), message);
}

/** The push service's address of one browser's subscription (its host is checked by the API). */
const endpoint = z
  .string({ error: () => MSG.required })
  .trim()
  .min(1, MSG.required)
  .max(LIMITS.url, tooLong(LIMITS.url))
  .refine((v) => URL.canParse(v), MSG.invalidUrl);

/**
 * `POST push/subscriptions`: what `PushSubscription.toJSON()` gives (decisions.md, "On the phone"):
 * `keys.p256dh` the browser's P-256 public key (65 bytes, uncompressed), `keys.auth` its 16-byte
 * authentication secret (RFC 8291). Other members (`expirationTime`) are ignored.
 */
export const pushSubscriptionSchema = z.object({
  endpoint,
  keys: z.object(
    {
      p256dh: base64urlOf(65, MSG.pushKeyInvalid),
      auth: base64urlOf(16, MSG.pushKeyInvalid),
    },
    { error: () => MSG.required },
  ),
});
export type PushSubscriptionInput = z.input<typeof pushSubscriptionSchema>;

/** `DELETE push/subscriptions {endpoint}`. */
export const pushUnsubscribeSchema = z.object({ endpoint });
export type PushUnsubscribeInput = z.input<typeof pushUnsubscribeSchema>;
