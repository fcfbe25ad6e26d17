import type { PaymentMethodInput } from '@comped/shared/validation/subscription';

import { apiParse } from '../../../lib/api-client';

/**
 * `POST payment-methods`: the id of the kept card. Local schema: packages/shared has none for this
 * answer yet (the API declares no response schema for it).
 */

/** POST payment-methods (local provider): the card checked and kept as a payment method id. */
export async function createPaymentMethod(body: PaymentMethodInput): Promise<{ id: string }> {
  return (await apiParse('payment-methods', 'paymentMethod', { method: 'POST', body })).data;
}
