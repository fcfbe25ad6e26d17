import { render, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';

import { InTurn } from './in-turn';

function List({ count, now }: { count: number; now: number }) {
  return (
    <ul aria-label="Items">
      {Array.from({ length: count }, (_, i) => (
        <InTurn key={i} now={i < now}>
          <li>item {i + 1}</li>
        </InTurn>
      ))}
    </ul>
  );
}

const shown = () => screen.queryAllByRole('listitem').map((li) => li.textContent);

/**
 * The items each task added to the list: a mutation observer's callback runs at the end of the task
 * (its microtasks) that changed the list, so two parts drawn in one task arrive in one callback.
 */
function addedPerTask(list: HTMLElement): string[][] {
  const batches: string[][] = [];
  new MutationObserver((records) => {
    batches.push(records.flatMap((r) => [...r.addedNodes].map((n) => n.textContent ?? '')));
  }).observe(list, { childList: true });
  return batches;
}

describe('InTurn', () => {
  it('renders the first screen with the list, then the others in order, one per task', async () => {
    render(<List count={5} now={2} />);
    expect(shown()).toEqual(['item 1', 'item 2']);
    const batches = addedPerTask(screen.getByRole('list', { name: 'Items' }));
    await waitFor(() => expect(shown()).toEqual(['item 1', 'item 2', 'item 3', 'item 4', 'item 5']));
    expect(batches).toEqual([['item 3'], ['item 4'], ['item 5']]);
  });

  it('forgets a part that unmounts before its turn', async () => {
    const { rerender } = render(<List count={4} now={1} />);
    const batches = addedPerTask(screen.getByRole('list', { name: 'Items' }));
    rerender(<List count={2} now={1} />);
    await waitFor(() => expect(shown()).toEqual(['item 1', 'item 2']));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(shown()).toEqual(['item 1', 'item 2']);
    expect(batches).toEqual([['item 2']]);
  });

  it('renders the parts inside a part before the parts that follow it on the page', async () => {
    render(
      <div data-testid="page">
        <InTurn>
          <section>
            <h2>Bookings</h2>
            {[1, 2].map((i) => (
              <InTurn key={i}>
                <p>booking {i}</p>
              </InTurn>
            ))}
          </section>
        </InTurn>
        <InTurn>
          <section>
            <h2>Campaigns</h2>
          </section>
        </InTurn>
      </div>,
    );
    const added: string[] = [];
    new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) added.push(n.textContent ?? '');
    }).observe(screen.getByTestId('page'), { childList: true, subtree: true });
    await waitFor(() => expect(added).toHaveLength(4));
    // The second section below the first one's rows: drawn before them, the rows would push it down.
    expect(added).toEqual(['Bookings', 'booking 1', 'booking 2', 'Campaigns']);
  });
});
