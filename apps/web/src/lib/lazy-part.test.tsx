import { render, screen } from '@testing-library/preact';
import type { ComponentType, ReactNode } from 'react';
import { Component, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { lazyPart } from './lazy-part';

function Page({ title }: { title: string }) {
  return <h1>{title}</h1>;
}

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error}</p> : this.props.children;
  }
}

function show(Part: ComponentType<{ title: string }>) {
  render(
    <Boundary>
      <Suspense fallback={<p>Loading the page</p>}>
        <Part title="Bookings" />
      </Suspense>
    </Boundary>,
  );
}

describe('lazyPart', () => {
  it('renders at once when its code is in', () => {
    const load = vi.fn(() => Promise.resolve());
    show(lazyPart(load, () => Page));
    expect(screen.getByRole('heading', { name: 'Bookings' })).toBeInTheDocument();
    expect(screen.queryByText('Loading the page')).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it('shows the fallback while its code loads, once, then the part', async () => {
    let loaded: ComponentType<{ title: string }> | undefined;
    const load = vi.fn(() => Promise.resolve().then(() => (loaded = Page)));
    show(lazyPart(load, () => loaded));
    expect(screen.getByText('Loading the page')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Bookings' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('makes a failed download its error', async () => {
    const load = vi.fn(() => Promise.reject(new Error('The page could not be downloaded')));
    show(lazyPart(load, () => undefined));
    expect(await screen.findByRole('alert')).toHaveTextContent('The page could not be downloaded');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
