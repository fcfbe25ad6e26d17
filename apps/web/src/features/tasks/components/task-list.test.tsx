import { makePage } from '@comped/shared/factories/page';
import { makeTask } from '@comped/shared/factories/task';
import { MSG } from '@comped/shared/messages';
import type { TaskResource } from '@comped/shared/schemas/resources';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { SnackbarProvider } from '../../../lib/snackbar';
import { TestRouter } from '../../../testing/test-router';
import { TaskList } from './task-list';

function renderList() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <TestRouter>
      <QueryClientProvider client={client}>
        <SnackbarProvider>
          <TaskList userId={3} />
        </SnackbarProvider>
      </QueryClientProvider>
    </TestRouter>,
  );
}

function page(data: TaskResource[], current: number, last: number) {
  return new Response(JSON.stringify(makePage(data, { current_page: current, last_page: last, per_page: 10 })), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

const task = (id: number): TaskResource =>
  makeTask({
    id,
    name: `Visit report: Campaign ${id}`,
    brand: { id: 1, name: 'Blue Door', logo: null },
    booking_date: '2026-03-03',
    booking_time: '19:30',
    can_complete: true,
  });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TaskList', () => {
  it('asks for open tasks and links each card to its task; Load more fetches the next page', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(page([task(1), task(2)], 1, 2))
      .mockResolvedValueOnce(page([task(3)], 2, 2));
    vi.stubGlobal('fetch', fetchMock);
    renderList();
    const link = await screen.findByRole('link', { name: /Complete Task: Visit report: Campaign 1/ });
    expect(link).toHaveAttribute('href', '/tasks/1');
    expect(screen.getAllByText('Visit: Tue, Mar 3, 2026 at 7:30 PM')).toHaveLength(2);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      '/api/v1/influencers/3/tasks?page%5Bnumber%5D=1&page%5Bsize%5D=10&filter%5Bcompleted%5D=0',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: /Campaign 3/ })).toHaveAttribute('href', '/tasks/3');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it("reads 'No tasks here.' when there are none", async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(page([], 1, 1)));
    renderList();
    expect(await screen.findByText(MSG.noTasks)).toBeInTheDocument();
  });

  it("reads 'Error: Unable to retrieve tasks.' when the list fails, with a retry", async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response('{"message":"boom"}', { status: 500 }))
      .mockResolvedValueOnce(page([task(9)], 1, 1));
    vi.stubGlobal('fetch', fetchMock);
    renderList();
    expect(await screen.findByText(MSG.unableTasks)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Campaign 9/ })).toBeInTheDocument();
  });
});
