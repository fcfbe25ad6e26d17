import type { PaymentMethodInput } from '@comped/shared/validation/subscription';
import { api } from '../../../lib/api-client';

/** POST payment-methods (local provider): the card checked and kept as a payment method id. */
export function createPaymentMethod(body: PaymentMethodInput): Promise<{ id: string }> {
  return api<{ data: { id: string } }>('payment-methods', { method: 'POST', body }).then((r) => r.data);
}
