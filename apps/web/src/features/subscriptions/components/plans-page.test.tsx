import { makePlan } from '@comped/shared/factories/plan';
import { makeSessionUser } from '@comped/shared/factories/session-user';
import { planPriceText } from '@comped/shared/validation/subscription';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/preact';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ERROR_SCREEN_TITLE } from '../../../components/error-screen';
import { RouteErrorBoundary } from '../../../components/route-error-boundary';
import { ResponseShapeError } from '../../../lib/api-client';
import { makeQueryClient } from '../../../lib/query-client';
import { writeSession } from '../../../lib/session';
import { SessionProvider } from '../../../lib/use-session';
import { renderPage, stubFetch } from '../../../testing/render';
import { PlansPage } from './plans-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('PlansPage after sign-up', () => {
  it('shows the plans of a brand with no plan, with title and price, without crashing', async () => {
    // A brand that just signed up: no subscription yet, so the guard sends it to /plans.
    writeSession({
      token: 'tok',
      user: makeSessionUser('brands', { current_subscription: null, status: 'inexistent' }),
    });
    const plan = makePlan({ title: 'Brand Plan', price_cents: 14_900 });
    const calls = stubFetch(() => [200, { data: [plan], meta: { provider: 'local' } }]);
    const logged = vi.spyOn(console, 'error');
    renderPage(<PlansPage />, '/plans');
    const card = await screen.findByRole('region', { name: 'Brand Plan' });
    expect(within(card).getByText(planPriceText(plan))).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/plans/payment');
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/subscriptions/products']);
    expect(logged).not.toHaveBeenCalled();
  });

  it('a products answer that drifted from the contract shows the error page, not a crash on .map', async () => {
    writeSession({
      token: 'tok',
      user: makeSessionUser('brands', { current_subscription: null, status: 'inexistent' }),
    });
    stubFetch(() => [200, [makePlan()]]);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter(
      [
        {
          path: '/plans',
          element: (
            <RouteErrorBoundary>
              <PlansPage />
            </RouteErrorBoundary>
          ),
        },
      ],
      {
        initialEntries: ['/plans'],
      },
    );
    render(
      <QueryClientProvider client={makeQueryClient({ test: true })}>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: ERROR_SCREEN_TITLE })).toBeInTheDocument();
    // Logged once the error screen is on the page (an effect).
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Route error:', expect.any(ResponseShapeError)));
  });
});
