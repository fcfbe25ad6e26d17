import { ThemeProvider } from '@mui/material';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../../../lib/theme';
import { DeliveredPosts } from './delivered-posts';

describe('delivered posts', () => {
  it('says "(opens in a new tab)" to screen readers in a one-pixel box, not one as wide as the page', () => {
    render(
      <ThemeProvider theme={theme}>
        <DeliveredPosts posts={[{ type: 'post', link: 'https://www.instagram.com/p/abc/', checked: true }]} />
      </ThemeProvider>,
    );
    const link = screen.getByRole('link', { name: 'Instagram post 1 (opens in a new tab)' });
    expect(link).toHaveAttribute('target', '_blank');
    // `width: 1` in sx is 100% of the containing block: placed absolutely with no positioned parent,
    // the hidden words stretched the page sideways (1,730 px on /bookings/past).
    const hidden = getComputedStyle(screen.getByText('(opens in a new tab)'));
    expect([hidden.position, hidden.width, hidden.height, hidden.overflow]).toEqual([
      'absolute',
      '1px',
      '1px',
      'hidden',
    ]);
  });
});
