import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
