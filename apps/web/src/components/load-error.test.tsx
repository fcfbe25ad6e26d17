import { MSG } from '@comped/shared/messages';
import { render, screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { LoadError } from './load-error';

describe('LoadError', () => {
  it('says what failed and asks again on Try again', async () => {
    const retry = vi.fn();
    render(<LoadError onRetry={retry}>{MSG.unableTasks}</LoadError>);
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.unableTasks);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('reads the generic message by default, and has no button without a retry', async () => {
    render(<LoadError />);
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.somethingWrongDot);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
