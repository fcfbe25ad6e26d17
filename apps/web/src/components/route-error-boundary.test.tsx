import { render, screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { SessionProvider } from '../lib/use-session';
import { TestRouter } from '../testing/test-router';
import { ERROR_SCREEN_TITLE } from './error-screen';
import { RouteErrorBoundary } from './route-error-boundary';

function Broken(): never {
  throw new TypeError('drifted answer');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('RouteErrorBoundary', () => {
  it('shows the error screen in place of a page that throws, and the next path renders again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <SessionProvider>
        <TestRouter initialEntries={['/broken']}>
          {/* The frame around the pages (the shell's sidebar) stays usable. */}
          <nav>
            <Link to="/fine">Fine page</Link>
          </nav>
          <RouteErrorBoundary>
            <Routes>
              <Route path="/broken" element={<Broken />} />
              <Route path="/fine" element={<h1>Fine</h1>} />
            </Routes>
          </RouteErrorBoundary>
        </TestRouter>
      </SessionProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: ERROR_SCREEN_TITLE })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Fine page' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Fine' })).toBeInTheDocument();
    expect(screen.queryByText(ERROR_SCREEN_TITLE)).not.toBeInTheDocument();
  });
});
