import { describe, expect, it } from 'vitest';

import { MSG } from '../messages';
import { mediaProfileSchema, socialUrl } from './media-profile';
import {
  influencerTaskCompletionSchema,
  influencerTaskFormSchema,
  missingPosts,
  storiesCheckboxLabel,
  storyPlaceholderLink,
} from './task';

describe('task rules', () => {
  it('reads posts from a JSON string and the flags from 1/true', () => {
    const out = influencerTaskCompletionSchema.parse({
      posts: JSON.stringify([{ type: 'post', link: 'https://a.example/p' }]),
      completed: 1,
      tagged: 'true',
      posted: 0,
    });
    expect(out.posts).toEqual([{ type: 'post', link: 'https://a.example/p' }]);
    expect(out).toMatchObject({ completed: true, tagged: true, posted: false, hashtagged: false });
  });

  it('refuses links that are not http(s) URLs', () => {
    for (const link of ['', 'instagram.com/p/1', 'javascript:alert(1)', 'ftp://x.example/a']) {
      const res = influencerTaskCompletionSchema.safeParse({ posts: [{ type: 'post', link }], completed: 1 });
      expect(res.success).toBe(false);
      expect(res.error?.issues[0]?.message).toBe(MSG.invalidPostUrl);
    }
  });

  it('counts the required posts and stories', () => {
    const need = { posts_required: 2, stories_required: 1 };
    const post = { type: 'post' as const, link: 'https://a.example' };
    const story = { type: 'story' as const, link: 'https://a.example' };
    expect(missingPosts([post, post, story], need)).toBe(false);
    expect(missingPosts([post, story], need)).toBe(true);
    expect(missingPosts([post, post], need)).toBe(true);
    expect(missingPosts([], null)).toBe(false);
  });

  it('words the stories checkbox and the placeholder link', () => {
    expect(storiesCheckboxLabel(1)).toBe("Yes, I've posted the 1 required story");
    expect(storiesCheckboxLabel(3)).toBe("Yes, I've posted the 3 required stories");
    expect(storyPlaceholderLink('@ivy.eats')).toBe('https://www.instagram.com/stories/ivy.eats/');
    expect(storyPlaceholderLink(null)).toBe('https://www.instagram.com/stories/');
  });

  it('the form needs the stories checkbox only when stories are required', () => {
    const base = { links: [], rating: 4, confirmed: true };
    expect(influencerTaskFormSchema(0).safeParse({ ...base, storiesPosted: false }).success).toBe(true);
    expect(influencerTaskFormSchema(2).safeParse({ ...base, storiesPosted: false }).success).toBe(false);
    expect(influencerTaskFormSchema(0).safeParse({ ...base, storiesPosted: false, confirmed: false }).success).toBe(
      false,
    );
  });
});

describe('media profile rules', () => {
  it('drops "@" from handles and needs a journalist affiliation', () => {
    expect(mediaProfileSchema.parse({ name: 'Ivy', instagram: '@ivy' }).instagram).toBe('ivy');
    const res = mediaProfileSchema.safeParse({ name: 'Jo', type: 'journalist', workplace: ' ' });
    expect(res.error?.issues[0]).toMatchObject({ path: ['workplace'], message: MSG.required });
  });

  it('builds the social links', () => {
    expect(socialUrl('instagram', 'ivy')).toBe('https://instagram.com/ivy');
    expect(socialUrl('twitter', '@ivy')).toBe('https://twitter.com/ivy');
    expect(socialUrl('tiktok', 'ivy')).toBe('https://tiktok.com/@ivy');
  });
});
