import { QueryClient } from '@tanstack/react-query';

import { ApiError, ResponseShapeError } from './api-client';

/**
 * The app's query client. A response the shared schema refuses (ResponseShapeError) is a bug, not a
 * state a page can handle: it is never retried and is thrown to the route's error element
 * (ErrorScreen, "Sorry, something went wrong.") instead of landing in a page's own error branch.
 * Tests pass `{ test: true }`: no retries and no stale time, so a failure or a refetch shows at once.
 */
export function makeQueryClient({ test = false }: { test?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: test ? 0 : 30_000,
        refetchOnWindowFocus: false,
        // Client errors (403, 404, 422) will not change on a retry, nor will a drifted shape.
        retry: (count, err) =>
          !test &&
          !(err instanceof ResponseShapeError) &&
          !(err instanceof ApiError && err.status >= 400 && err.status < 500) &&
          count < 2,
        throwOnError: (err) => err instanceof ResponseShapeError,
      },
      mutations: { retry: false },
    },
  });
}

let appClient: QueryClient | null = null;

/** The running app's one query client, made on first use (the routes below app/layouts/query-route.tsx). */
export function appQueryClient(): QueryClient {
  return (appClient ??= makeQueryClient());
}

/** Forgets every cached answer (sign-out, a 401): nothing to do while no page has used the client. */
export function clearAppQueries(): void {
  appClient?.clear();
}
