import { render, screen } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';

import { LazyAlert } from './lazy-alert';

// Alert's code cannot be fetched (offline when a list fails to load).
vi.mock('@mui/material/Alert', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('LazyAlert', () => {
  it("shows its words and action in a plain alert when Alert's code cannot be fetched", async () => {
    render(
      <LazyAlert severity="error" action={<button type="button">Try again</button>}>
        Unable to load campaigns.
      </LazyAlert>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Unable to load campaigns.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
