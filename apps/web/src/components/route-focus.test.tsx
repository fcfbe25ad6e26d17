import { act, render, screen } from '@testing-library/preact';
import { useEffect } from 'react';
import { Link, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';

import { TestRouter } from '../testing/test-router';
import { RouteFocus } from './route-focus';

function Page({ title }: { title: string }) {
  useEffect(() => {
    document.title = `${title} · Comped`;
  }, [title]);
  return (
    <main>
      <h1>{title}</h1>
      <Link to="/tasks">Tasks</Link>
      <Link to="/bookings">Bookings</Link>
    </main>
  );
}

function App() {
  return (
    <TestRouter initialEntries={['/bookings']}>
      <nav>
        <Link to="/tasks">Go to tasks</Link>
      </nav>
      <Routes>
        <Route path="/bookings" element={<Page title="Bookings" />} />
        <Route path="/tasks" element={<Page title="Tasks" />} />
      </Routes>
      <RouteFocus />
    </TestRouter>
  );
}

describe('RouteFocus (WCAG 2.4.3, 4.1.3)', () => {
  it('leaves the first page alone, then moves focus to the new heading and announces the new title', async () => {
    render(<App />);
    const announcer = screen.getByTestId('route-announcer');
    expect(announcer).toHaveAttribute('aria-live', 'polite');
    expect(announcer).toHaveTextContent('');
    expect(document.activeElement).toBe(document.body);

    const link = screen.getByRole('link', { name: 'Go to tasks' });
    link.focus();
    act(() => link.click());

    const heading = await screen.findByRole('heading', { level: 1, name: 'Tasks' });
    expect(heading).toHaveFocus();
    // The announcement waits a moment so the page has set its title.
    await act(() => new Promise((r) => setTimeout(r, 350)));
    expect(announcer).toHaveTextContent('Tasks · Comped');
  });

  it('keeps focus where the user put it inside the page', async () => {
    render(<App />);
    const inPage = screen.getByRole('link', { name: 'Tasks' });
    inPage.focus();
    act(() => inPage.click());
    await screen.findByRole('heading', { level: 1, name: 'Tasks' });
    // The link inside <main> is still in the page after the change (same component), so focus stays.
    expect(screen.getByRole('link', { name: 'Tasks' })).toHaveFocus();
  });
});
