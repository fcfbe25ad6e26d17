import { act, render, screen } from '@testing-library/react';
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
  it('shows the message and writes it into a polite live region that is always in the page', async () => {
    render(
      <SnackbarProvider>
        <Trigger />
      </SnackbarProvider>,
    );
    const announcer = screen.getByRole('status');
    expect(announcer).toHaveAttribute('aria-live', 'polite');
    expect(announcer).toHaveTextContent('');
    act(() => screen.getByRole('button', { name: 'Go' }).click());
    expect(await screen.findByText('Great! The booking was updated')).toBeVisible();
    expect(announcer).toHaveTextContent('Great! The booking was updated See you soon.');
  });
});
