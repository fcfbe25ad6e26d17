import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';

import { appQueryClient } from '../../lib/query-client';

/**
 * The query client for every route but /login: a lazy layout route (app/router.tsx), so TanStack
 * Query is not part of the front door's first download. React Router loads it in parallel with the
 * page's own chunk.
 */
export function QueryRoute() {
  return (
    <QueryClientProvider client={appQueryClient()}>
      <Outlet />
    </QueryClientProvider>
  );
}
