import { makePlan } from '@comped/shared/factories/plan';
import { makeSessionUser } from '@comped/shared/factories/session-user';
import { MSG } from '@comped/shared/messages';
import type { SessionUser } from '@comped/shared/schemas/session';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { writeSession } from '../../../lib/session';
import { SessionProvider } from '../../../lib/use-session';
import { CheckoutPage } from './checkout-page';
import { PlansPage } from './plans-page';

const PLAN = makePlan({
  price_cents: 14900,
  intro_price_cents: 9900,
  features: ['1 brand', 'Up to 3 unique locations', 'Unlimited campaigns and bookings', 'Onboarding support'],
});

const user = (status: SessionUser['status']): SessionUser =>
  makeSessionUser('brands', {
    id: 5,
    email: 'owner@example.test',
    current_subscription: status === 'inexistent' ? null : { plan_id: 1, status },
    status,
  });

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => vi.unstubAllGlobals());

// Stripe.js: the spy tells whether the page asked for the script at all.
const loadStripe = vi.fn(async (_key: string) => ({}));
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: (key: string) => loadStripe(key) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: React.ReactNode }) => <>{children}</>,
  PaymentElement: () => <div data-testid="payment-element" />,
  useStripe: () => null,
  useElements: () => null,
}));

function renderAt(path: string, routes: Record<string, React.ReactNode>) {
  const router = createMemoryRouter(
    [
      ...Object.entries(routes).map(([p, element]) => ({ path: p, element })),
      { path: '/profile', element: <p>Profile page</p> },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('/plans', () => {
  it('shows the plan, its price and features, and a Checkout link to /plans/payment', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { data: [PLAN], meta: { provider: 'local' } })),
    );
    writeSession({ token: 't', user: user('inexistent') });
    renderAt('/plans', { '/plans': <PlansPage /> });
    expect(await screen.findByRole('heading', { name: 'Brand Plan' })).toBeInTheDocument();
    expect(screen.getByText('$99 per month for the first 3 months, then $149* per month')).toBeInTheDocument();
    for (const f of PLAN.features) expect(screen.getByText(f)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/plans/payment');
  });

  it('tells a past-due brand why it is here, and offers a retry when the plans fail to load', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(500, { message: 'boom' })),
    );
    writeSession({ token: 't', user: user('past_due') });
    renderAt('/plans', { '/plans': <PlansPage /> });
    expect(screen.getByText(/your last payment did not go through/i)).toBeInTheDocument();
    expect(await screen.findByText(MSG.somethingWrongDot)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('/plans/payment', () => {
  it('shows Secure payment, the plan, the price, Renews monthly, features and the card brands', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { data: [PLAN], meta: { provider: 'local' } })),
    );
    writeSession({ token: 't', user: user('inexistent') });
    renderAt('/plans/payment', { '/plans/payment': <CheckoutPage /> });
    expect(await screen.findByRole('heading', { level: 1, name: 'Secure payment' })).toBeInTheDocument();
    expect(screen.getByText('Brand Plan')).toBeInTheDocument();
    expect(screen.getByText('$99 per month for the first 3 months, then $149* per month')).toBeInTheDocument();
    expect(screen.getByText('Renews monthly')).toBeInTheDocument();
    for (const f of PLAN.features) expect(screen.getByText(f)).toBeInTheDocument();
    for (const brand of ['Visa', 'MasterCard', 'AMEX', 'Discover'])
      expect(screen.getByRole('img', { name: brand })).toBeInTheDocument();
    expect(screen.getByLabelText('Cardholder name')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /pay now/i })).toBeDisabled();
  });

  it('after paying, refreshes the session and lands on /profile', async () => {
    const answers: Record<string, Response> = {
      '/api/v1/subscriptions/products': json(200, { data: [PLAN], meta: { provider: 'local' } }),
      '/api/v1/payment-methods': json(201, { data: { id: 'pm_1' } }),
      '/api/v1/subscriptions': json(201, { data: { status: 'active', plan_id: 1 } }),
      '/api/v1/profile': json(200, { data: user('active') }),
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => answers[url] ?? json(404, {})),
    );
    writeSession({ token: 't', user: user('inexistent') });
    const router = renderAt('/plans/payment', { '/plans/payment': <CheckoutPage /> });
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('Cardholder name'), 'Ada Lovelace');
    await u.type(screen.getByLabelText('Card number'), '4242424242424242');
    await u.type(screen.getByLabelText('Expiry'), '1234');
    await u.type(screen.getByLabelText('Security code'), '123');
    await u.click(screen.getByRole('button', { name: /pay now/i }));
    expect(await screen.findByText('Profile page')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(JSON.parse(localStorage.getItem('comped.session')!).user.status).toBe('active');
  });
});

describe('/plans/payment: which card form, and Stripe.js only with the Stripe provider', () => {
  it('the local provider shows its own fields and never loads Stripe.js', async () => {
    loadStripe.mockClear();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { data: [PLAN], meta: { provider: 'local' } })),
    );
    writeSession({ token: 't', user: user('inexistent') });
    renderAt('/plans/payment', { '/plans/payment': <CheckoutPage /> });
    expect(await screen.findByLabelText('Card number')).toBeInTheDocument();
    expect(screen.queryByTestId('payment-element')).not.toBeInTheDocument();
    expect(loadStripe).not.toHaveBeenCalled();
  });

  it('the Stripe provider loads the Payment Element (its own chunk) with the publishable key', async () => {
    loadStripe.mockClear();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { data: [PLAN], meta: { provider: 'stripe', publishable_key: 'pk_test_page' } })),
    );
    writeSession({ token: 't', user: user('inexistent') });
    renderAt('/plans/payment', { '/plans/payment': <CheckoutPage /> });
    // The form is a lazy chunk: its first import can take a while on a busy machine.
    expect(await screen.findByTestId('payment-element', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(loadStripe).toHaveBeenCalledWith('pk_test_page');
  });
});
