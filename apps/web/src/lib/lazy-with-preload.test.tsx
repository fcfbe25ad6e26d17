import { render, screen, waitFor } from '@testing-library/preact';
import type { ComponentType } from 'react';
import { Suspense, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { lazyWithPreload, usePreloadWhenIdle } from './lazy-with-preload';

function Dialog({ name }: { name: string }) {
  return <div role="dialog" aria-label={name} />;
}

/** Renders the lazy dialog as the pages do (inside Suspense) and waits for it. */
async function openDialog(LazyDialog: ComponentType<{ name: string }>, name: string) {
  render(
    <Suspense fallback={null}>
      <LazyDialog name={name} />
    </Suspense>,
  );
  return screen.findByRole('dialog', { name });
}

describe('lazyWithPreload', () => {
  it('downloads once, whether preloaded first or rendered first', async () => {
    const load = vi.fn(() => Promise.resolve(Dialog));
    const LazyDialog = lazyWithPreload(load);
    await LazyDialog.preload();
    await LazyDialog.preload();
    expect(await openDialog(LazyDialog, 'Cancel this booking?')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders a part whose code is in at once, without its fallback', async () => {
    const LazyDialog = lazyWithPreload(() => Promise.resolve(Dialog));
    await LazyDialog.preload();
    render(
      <Suspense fallback={<p>Loading the dialog</p>}>
        <LazyDialog name="Reject this booking?" />
      </Suspense>,
    );
    // In the first render: no await between render and the check.
    expect(screen.getByRole('dialog', { name: 'Reject this booking?' })).toBeInTheDocument();
    expect(screen.queryByText('Loading the dialog')).toBeNull();
  });

  it('asks again after a failed download instead of keeping the failure', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Dialog);
    const LazyDialog = lazyWithPreload(load);
    await expect(LazyDialog.preload()).rejects.toThrow('offline');
    expect(await openDialog(LazyDialog, 'Rate this visit')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('usePreloadWhenIdle', () => {
  function Page({
    part,
    more = [],
  }: {
    part: { preload(): Promise<unknown> };
    more?: { preload(): Promise<unknown> }[];
  }) {
    const [shown, setShown] = useState(false);
    usePreloadWhenIdle(shown, [part, ...more]);
    return (
      <button type="button" onClick={() => setShown(true)}>
        Show the cards
      </button>
    );
  }

  it('loads nothing until the content is shown, then loads the parts once', async () => {
    const part = { preload: vi.fn(() => Promise.resolve()) };
    render(<Page part={part} />);
    await new Promise((r) => setTimeout(r, 700));
    expect(part.preload).not.toHaveBeenCalled();
    screen.getByRole('button', { name: 'Show the cards' }).click();
    await waitFor(() => expect(part.preload).toHaveBeenCalledTimes(1), { timeout: 3000 });
  });

  it('loads one part per idle moment, in order', async () => {
    const order: string[] = [];
    const first = { preload: vi.fn(() => (order.push('first'), Promise.resolve())) };
    const second = { preload: vi.fn(() => (order.push('second'), Promise.resolve())) };
    render(<Page part={first} more={[second]} />);
    screen.getByRole('button', { name: 'Show the cards' }).click();
    await waitFor(() => expect(first.preload).toHaveBeenCalledTimes(1), { timeout: 3000 });
    // Not in the same moment as the first.
    expect(second.preload).not.toHaveBeenCalled();
    await waitFor(() => expect(second.preload).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(order).toEqual(['first', 'second']);
  });

  it('a preload that fails is not an error of the page', async () => {
    const part = { preload: vi.fn(() => Promise.reject(new Error('offline'))) };
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      render(<Page part={part} />);
      screen.getByRole('button', { name: 'Show the cards' }).click();
      await waitFor(() => expect(part.preload).toHaveBeenCalledTimes(1), { timeout: 3000 });
      await new Promise((r) => setTimeout(r, 50));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
