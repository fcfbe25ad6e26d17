import { ThemeProvider } from '@mui/material';
import { render, screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';

import { theme } from '../../../lib/theme';
import { DeliveredPosts } from './delivered-posts';

describe('DeliveredPosts', () => {
  it('says "link checked" only when the network confirmed the post, "link format checked" for an address that names the user', () => {
    render(
      <DeliveredPosts
        posts={[
          { type: 'post', link: 'https://www.tiktok.com/@ann/video/7301234567890123456', check: 'network' },
          { type: 'post', link: 'https://x.com/ann/status/1729000000000000000', check: 'format' },
          { type: 'story', link: 'https://www.instagram.com/stories/ann/', check: null },
        ]}
      />,
    );
    const items = within(screen.getByRole('region', { name: 'Delivered posts' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent?.replace(' (opens in a new tab)', ' '))).toEqual([
      'TikTok post 1 link checked',
      'X post 2 link format checked',
      'Instagram story 1 not checked',
    ]);
  });

  it('says "(opens in a new tab)" to screen readers in a one-pixel box, not one as wide as the page', () => {
    render(
      <ThemeProvider theme={theme}>
        <DeliveredPosts posts={[{ type: 'post', link: 'https://www.instagram.com/p/abc/', check: 'network' }]} />
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
