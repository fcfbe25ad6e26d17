import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';

import { lazyDialog } from './lazy-dialog';

function View({ open, title }: { open: boolean; title: string }) {
  return <div role="dialog" aria-label={title} data-open={String(open)} />;
}

describe('lazyDialog', () => {
  it('renders nothing until first opened, then the dialog once its code is in, and keeps it after closing', async () => {
    const load = vi.fn(() => Promise.resolve(View));
    const Dialog = lazyDialog(load);
    const { rerender } = render(<Dialog open={false} title="Reject this booking?" />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    rerender(<Dialog open title="Reject this booking?" />);
    const dialog = await screen.findByRole('dialog', { name: 'Reject this booking?' });
    expect(dialog).toHaveAttribute('data-open', 'true');
    // Closed: still mounted, so that the dialog plays its closing transition.
    rerender(<Dialog open={false} title="Reject this booking?" />);
    expect(screen.getByRole('dialog', { name: 'Reject this booking?' })).toHaveAttribute('data-open', 'false');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads its code when the browser is idle, before the first open', async () => {
    const load = vi.fn(() => Promise.resolve(View));
    const Dialog = lazyDialog(load);
    render(<Dialog open={false} title="Delete this photo?" />);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("waits for the page's reads before loading its code", async () => {
    const load = vi.fn(() => Promise.resolve(View));
    const Dialog = lazyDialog(load);
    const client = new QueryClient();
    let answer = (_: string) => {};
    void client.fetchQuery({ queryKey: ['page'], queryFn: () => new Promise<string>((resolve) => (answer = resolve)) });
    render(
      <QueryClientProvider client={client}>
        <Dialog open={false} title="Delete this photo?" />
      </QueryClientProvider>,
    );
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(load).not.toHaveBeenCalled();
    answer('in');
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1), { timeout: 3000 });
  });
});
