import { z } from 'zod';

import { MSG } from '../messages';
import { requiredText } from './fields';

/** Longest message a journalist may send a brand (the spec gives none: a generous bound). */
export const CONTACT_MESSAGE_MAX = 2000;

/** POST influencers/{id}/contactbrand {message, brand_id}: the form and the route share it. */
export const contactBrandSchema = z.object({
  message: requiredText(CONTACT_MESSAGE_MAX),
  brand_id: z.coerce
    .number({ error: () => MSG.required })
    .int(MSG.required)
    .min(1, MSG.required),
});
export type ContactBrandInput = z.input<typeof contactBrandSchema>;

/** The dialog only edits the message; the brand comes from the campaign. */
export const contactMessageSchema = contactBrandSchema.pick({ message: true });
