import { act, render, screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';

import { SnackbarProvider, useSnackbar } from './snackbar';

function Trigger() {
  const show = useSnackbar();
  return (
    <button type="button" onClick={() => show('Great! The booking was updated', 'success', 'See you soon.')}>
      Go
    </button>
  );
}

describe('SnackbarProvider', () => {
  it('shows the message once, inside a polite live region that is always in the page', async () => {
    render(
      <SnackbarProvider>
        <Trigger />
      </SnackbarProvider>,
    );
    const announcer = screen.getByRole('status');
    expect(announcer).toHaveAttribute('aria-live', 'polite');
    expect(announcer).toHaveTextContent('');
    act(() => screen.getByRole('button', { name: 'Go' }).click());
    // The text exists once in the page, inside the region that was there before it (so it is read).
    const text = await screen.findByText('Great! The booking was updated');
    expect(text).toBeVisible();
    expect(announcer).toContainElement(text);
    expect(within(announcer).getByText('See you soon.')).toBeVisible();
    expect(screen.getAllByText(/Great! The booking was updated/)).toHaveLength(1);
  });
});
