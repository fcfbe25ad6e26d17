import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@comped/shared/messages';
import { StripeCardForm } from './stripe-card-form';

// Stripe.js loads from the provider's servers: the tests stand in for Elements with a fake card field.
const createPaymentMethod = vi.fn();
let cardChange: ((ev: { complete: boolean; error?: { message: string } }) => void) | null = null;

vi.mock('@stripe/stripe-js', () => ({ loadStripe: vi.fn(async () => ({})) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: React.ReactNode }) => <>{children}</>,
  CardElement: (props: { onChange: typeof cardChange }) => {
    cardChange = props.onChange;
    return <div data-testid="card-element" />;
  },
  useStripe: () => ({ createPaymentMethod }),
  useElements: () => ({ getElement: () => ({}) }),
}));

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  createPaymentMethod.mockReset();
  cardChange = null;
});
afterEach(() => vi.unstubAllGlobals());

async function setup(onSubscribed = vi.fn()) {
  const user = userEvent.setup();
  render(<StripeCardForm publishableKey="pk_test_x" planId={3} onSubscribed={onSubscribed} />);
  await screen.findByTestId('card-element');
  const pay = () => screen.getByRole('button', { name: /pay now/i });
  return { user, pay, onSubscribed };
}

describe('StripeCardForm', () => {
  it('keeps Pay now disabled until the name is given and the card field is complete', async () => {
    const { user, pay } = await setup();
    expect(pay()).toBeDisabled();
    await user.type(screen.getByLabelText('Cardholder name'), 'Ada');
    expect(pay()).toBeDisabled();
    await waitFor(() => cardChange?.({ complete: true }));
    await waitFor(() => expect(pay()).toBeEnabled());
  });

  it("lists the card field's own message under the form", async () => {
    await setup();
    await waitFor(() => cardChange?.({ complete: false, error: { message: MSG.cardNumberInvalid } }));
    expect(await screen.findByRole('list', { name: 'Card errors' })).toHaveTextContent(MSG.cardNumberInvalid);
  });

  it('an invalid-request error from createPaymentMethod reads "The cardholder name is incomplete."', async () => {
    createPaymentMethod.mockResolvedValue({ error: { type: 'invalid_request_error', message: 'Missing name' } });
    const { user, pay } = await setup();
    await user.type(screen.getByLabelText('Cardholder name'), 'Ada');
    await waitFor(() => cardChange?.({ complete: true }));
    await user.click(pay());
    expect(await screen.findByRole('list', { name: 'Card errors' })).toHaveTextContent(MSG.cardholderIncomplete);
  });

  it('sends the payment method to POST subscriptions and shows a refusal beneath the form', async () => {
    createPaymentMethod.mockResolvedValue({ paymentMethod: { id: 'pm_card_visa' } });
    const fetchMock = vi.fn(async () =>
      json(422, { message: MSG.cardDeclined, errors: { payment_method: [MSG.cardDeclined] } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { user, pay, onSubscribed } = await setup();
    await user.type(screen.getByLabelText('Cardholder name'), 'Ada Lovelace');
    await waitFor(() => cardChange?.({ complete: true }));
    await user.click(pay());
    expect(await screen.findByTestId('subscription-error')).toHaveTextContent(MSG.cardDeclined);
    expect(createPaymentMethod).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'card', billing_details: { name: 'Ada Lovelace' } }),
    );
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/subscriptions');
    expect(JSON.parse(String(init.body))).toEqual({ selected_plan: 3, payment_method: 'pm_card_visa' });
    expect(onSubscribed).not.toHaveBeenCalled();
  });
});
