import { makePlan } from '@comped/shared/factories/plan';
import { makeSubscriptionPayment } from '@comped/shared/factories/subscription-payment';
import { MSG } from '@comped/shared/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { StripePaymentForm } from './stripe-payment-form';

// Stripe.js loads from the provider's servers: the tests stand in for it and for the Payment Element.
const createPaymentMethod = vi.fn();
const confirmPayment = vi.fn();
const submit = vi.fn();
const loadStripe = vi.fn(async (_key: string) => ({}));
let elementChange: ((ev: { complete: boolean }) => void) | null = null;

vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: (key: string) => loadStripe(key) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: React.ReactNode }) => <>{children}</>,
  PaymentElement: (props: { onChange: typeof elementChange }) => {
    elementChange = props.onChange;
    return <div data-testid="payment-element" />;
  },
  useStripe: () => ({ createPaymentMethod, confirmPayment }),
  useElements: () => ({ submit }),
}));

const PLAN = makePlan({ id: 3, price_cents: 14900, intro_price_cents: 9900, features: [] });
const WAITING = makeSubscriptionPayment({ provider: 'stripe', client_secret: 'pi_1_secret_x', card: null });

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let calls: { url: string; body: unknown }[];
function mockFetch(...answers: Response[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const next = answers.shift();
      if (!next) throw new Error(`unexpected call ${url}`);
      return next;
    }),
  );
}

beforeEach(() => {
  calls = [];
  createPaymentMethod.mockReset().mockResolvedValue({ paymentMethod: { id: 'pm_card_3184' } });
  confirmPayment.mockReset();
  submit.mockReset().mockResolvedValue({});
  elementChange = null;
});
afterEach(() => vi.unstubAllGlobals());

async function setup() {
  const onSubscribed = vi.fn();
  const user = userEvent.setup();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <StripePaymentForm publishableKey="pk_test_x" plan={PLAN} onSubscribed={onSubscribed} />
    </QueryClientProvider>,
  );
  await screen.findByTestId('payment-element');
  await user.type(screen.getByLabelText('Cardholder name'), 'Ada Lovelace');
  await waitFor(() => elementChange?.({ complete: true }));
  const pay = () => screen.getByRole('button', { name: /pay now/i });
  await waitFor(() => expect(pay()).toBeEnabled());
  return { user, pay, onSubscribed };
}

describe('StripePaymentForm', () => {
  it('loads Stripe.js through /pure with the publishable key', async () => {
    await setup();
    expect(loadStripe).toHaveBeenCalledWith('pk_test_x');
  });

  it('confirms the first payment with Stripe.js (3-D Secure inside), then waits for the webhook to activate the plan', async () => {
    confirmPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    mockFetch(
      json(202, { data: { status: 'inexistent', plan_id: null, payment: WAITING } }),
      json(200, { data: { ...WAITING, status: 'succeeded', client_secret: null } }),
    );
    const { user, pay, onSubscribed } = await setup();
    await user.click(pay());
    await waitFor(() => expect(onSubscribed).toHaveBeenCalledTimes(1));
    expect(createPaymentMethod).toHaveBeenCalledWith(
      expect.objectContaining({ params: { billing_details: { name: 'Ada Lovelace' } } }),
    );
    expect(calls[0]).toEqual({
      url: '/api/v1/subscriptions',
      body: { selected_plan: 3, payment_method: 'pm_card_3184' },
    });
    expect(confirmPayment).toHaveBeenCalledWith({
      clientSecret: 'pi_1_secret_x',
      confirmParams: {
        payment_method: 'pm_card_3184',
        return_url: `${window.location.origin}/plans/confirm/${WAITING.id}`,
      },
      redirect: 'if_required',
    });
    expect(calls[1]!.url).toBe(`/api/v1/subscriptions/payments/${WAITING.id}`);
  });

  it("a failed 3-D Secure challenge or a decline shows the provider's message beneath the form", async () => {
    confirmPayment.mockResolvedValue({ error: { type: 'card_error', message: MSG.cardAuthenticationFailed } });
    mockFetch(json(202, { data: { status: 'inexistent', plan_id: null, payment: WAITING } }));
    const { user, pay, onSubscribed } = await setup();
    await user.click(pay());
    expect(await screen.findByTestId('subscription-error')).toHaveTextContent(MSG.cardAuthenticationFailed);
    expect(onSubscribed).not.toHaveBeenCalled();
    expect(pay()).toBeEnabled();
  });

  it('a card refused by the server (422) shows its message; an invalid-request error reads the cardholder text', async () => {
    mockFetch(json(422, { message: MSG.cardDeclined, errors: { payment_method: [MSG.cardDeclined] } }));
    const { user, pay } = await setup();
    await user.click(pay());
    expect(await screen.findByTestId('subscription-error')).toHaveTextContent(MSG.cardDeclined);
    expect(confirmPayment).not.toHaveBeenCalled();

    createPaymentMethod.mockResolvedValue({ error: { type: 'invalid_request_error', message: 'Missing name' } });
    await user.click(pay());
    expect(await screen.findByRole('list', { name: 'Card errors' })).toHaveTextContent(MSG.cardholderIncomplete);
  });
});
