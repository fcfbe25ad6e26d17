/**
 * Answers of the card and webhook routes that are no shared resource: `POST payment-methods` (local
 * provider) and the payment provider's `POST subscriptions/webhook`.
 */
import { z } from 'zod';

/** `POST payment-methods` (201): the saved card's id (`pm_...`), passed on to `POST subscriptions`. */
export const paymentMethodCreatedSchema = z.object({ id: z.string() });
export type PaymentMethodCreated = z.infer<typeof paymentMethodCreatedSchema>;

/** `POST subscriptions/webhook` (200): the event is applied, or was applied before (`duplicate`). */
export const webhookReceivedSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
export type WebhookReceived = z.infer<typeof webhookReceivedSchema>;
