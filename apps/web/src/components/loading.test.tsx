import { ThemeProvider } from '@mui/material';
import { render, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';

import { theme } from '../lib/theme';
import { Loading } from './loading';

describe('Loading', () => {
  it('names its status for screen readers in words hidden in one pixel, with a one-pixel margin', () => {
    render(
      <ThemeProvider theme={theme}>
        <Loading label="Loading bookings" />
      </ThemeProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading bookings');
    // MUI's visuallyHidden: `m: -1` in sx was a theme spacing, -8 px on every side.
    const hidden = getComputedStyle(screen.getByText('Loading bookings'));
    expect([hidden.position, hidden.width, hidden.height, hidden.margin]).toEqual(['absolute', '1px', '1px', '-1px']);
  });
});
