/**
 * Answers of the media users' own actions that are no shared resource (resources.ts): a journalist's
 * message to a brand and the rating of an experience. Declared as the routes' response schemas, so
 * what is not listed here is not sent.
 */
import { z } from 'zod';

/**
 * `POST influencers/{id}/contactbrand` (201): the message is queued for the brand's owner and posted in
 * the journalist's conversation with the brand, `conversation_id` (issue 26).
 */
export const contactBrandSentSchema = z.object({ sent: z.literal(true), conversation_id: z.int() });
export type ContactBrandSent = z.infer<typeof contactBrandSentSchema>;

/** `POST bookings/{id}/rate_experience` (200): the stored rating of the visit, 1-5 each. */
export const experienceRatingResourceSchema = z.object({
  /** The booking's id. */
  id: z.int(),
  rate_vibe: z.int().nullable(),
  rate_food: z.int().nullable(),
  rate_service: z.int().nullable(),
  rate_general: z.int().nullable(),
  /** ISO 8601 instant. */
  rated_at: z.string(),
});
export type ExperienceRatingResource = z.infer<typeof experienceRatingResourceSchema>;
