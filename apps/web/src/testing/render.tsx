import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/preact';
import type { ReactElement } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';

import { makeQueryClient } from '../lib/query-client';
import { SnackbarProvider } from '../lib/snackbar';
import { SessionProvider } from '../lib/use-session';
import { TestRouter } from './test-router';

/** Shows where the app navigated to, for assertions. */
function Where() {
  const { pathname } = useLocation();
  return <p data-testid="location">{pathname}</p>;
}

/** Renders a page at `path` with the app's providers; other paths render only their pathname. */
export function renderPage(element: ReactElement, path: string, at = path) {
  const client = makeQueryClient({ test: true });
  return render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <SnackbarProvider>
          <TestRouter initialEntries={[at]}>
            <Routes>
              <Route path={path} element={element} />
              <Route path="*" element={<Where />} />
            </Routes>
          </TestRouter>
        </SnackbarProvider>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

export interface FakeCall {
  url: string;
  method: string;
  body: unknown;
}

/** Stubs fetch: `answer(url, method, body)` gives [status, body]; every call is recorded. */
export function stubFetch(
  answer: (url: string, method: string, body: unknown) => [number, unknown] | Promise<[number, unknown]>,
) {
  const calls: FakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const sent: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, method, body: sent });
      const [status, body] = await answer(url, method, sent);
      // A 204 has no body at all (a Response refuses even an empty one).
      return new Response(status === 204 ? null : body === undefined ? '' : JSON.stringify(body), { status });
    }),
  );
  return calls;
}
