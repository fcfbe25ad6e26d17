import { makeSessionUser } from '@comped/shared/factories/session-user';
import { cleanup, render, screen } from '@testing-library/preact';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { writeSession } from '../lib/session';
import { SessionProvider } from '../lib/use-session';
import { RouteErrorBoundary } from './route-error-boundary';

function Broken(): never {
  throw new TypeError("Cannot read properties of undefined (reading 'map')");
}

function renderBroken() {
  const router = createMemoryRouter(
    [
      {
        path: '/plans',
        element: (
          <RouteErrorBoundary>
            <Broken />
          </RouteErrorBoundary>
        ),
      },
      { path: '/campaigns', element: <p>Campaigns</p> },
    ],
    { initialEntries: ['/plans'] },
  );
  return render(
    <SessionProvider>
      <RouterProvider router={router} />
    </SessionProvider>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  // Unmounted first: the page would otherwise render once more without its user.
  cleanup();
  writeSession(null);
});

describe('ErrorScreen', () => {
  it('shows the friendly page with Try again and a way home, and logs the error', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    writeSession({ token: 'tok', user: makeSessionUser('influencer', { id: 7 }) });
    renderBroken();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Sorry, something went wrong.' });
    expect(heading).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my home page' })).toHaveAttribute('href', '/campaigns');
    expect(screen.queryByText(/Unexpected Application Error/)).not.toBeInTheDocument();
    expect(document.title).toBe('Something went wrong · Comped');
    expect(logged).toHaveBeenCalledWith('Route error:', expect.any(TypeError));
  });

  it('sends a signed-out visitor home to /login', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderBroken();
    expect(await screen.findByRole('link', { name: 'Go to my home page' })).toHaveAttribute('href', '/login');
  });
});
