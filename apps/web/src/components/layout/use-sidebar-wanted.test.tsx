import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useSidebarWanted } from './use-sidebar-wanted';

/** A page with one read that answers when the test says so, and the hook's answer on screen. */
function Page({ read }: { read: () => Promise<string> }) {
  useQuery({ queryKey: ['page'], queryFn: read });
  return <p>{useSidebarWanted() ? 'sidebar wanted' : 'sidebar waits'}</p>;
}

function renderPage(read: () => Promise<string>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Page read={read} />
    </QueryClientProvider>,
  );
}

/** A screen `wide` or not for the `md` breakpoint, answering matchMedia as a browser would. */
function screenIs(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide && query.includes('min-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('when the sidebar loads', () => {
  it('on a wide screen, at once', () => {
    screenIs(true);
    renderPage(() => new Promise(() => {}));
    expect(screen.getByText('sidebar wanted')).toBeInTheDocument();
  });

  it("on a phone, two seconds after the page's reads are in, not before", async () => {
    screenIs(false);
    let answer: (v: string) => void = () => {};
    renderPage(() => new Promise((resolve) => (answer = resolve)));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    expect(screen.getByText('sidebar waits')).toBeInTheDocument();
    // The query tells its observers on a zero-delay timer: let it out.
    await act(async () => {
      answer('page');
      await vi.advanceTimersByTimeAsync(0);
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1900);
    });
    expect(screen.getByText('sidebar waits')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(screen.getByText('sidebar wanted')).toBeInTheDocument();
  });

  it('on a phone whose page never finishes reading, after six seconds at the latest', async () => {
    screenIs(false);
    renderPage(() => new Promise(() => {}));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5900);
    });
    expect(screen.getByText('sidebar waits')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(screen.getByText('sidebar wanted')).toBeInTheDocument();
  });
});
