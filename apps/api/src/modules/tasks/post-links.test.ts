import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { MSG } from '@comped/shared/messages';
import type { BookingResource } from '@comped/shared/schemas/resources';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TestBrand, TestUser } from '../../../test/factories';
import { createBrandOwner, createUser } from '../../../test/factories';
import type { TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { tasks, users } from '../../db/schema';
import { OembedPostVerifier, OfflinePostVerifier } from './post-verifier';
import { createVisit } from './task.fixtures';

let t: TestApp;
let brand: TestBrand;
let ines: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  brand = await createBrandOwner(t.ctx, { name: 'Blue Door' });
  ines = await createUser(t.ctx, { role: 'influencer', name: 'Ines', instagram: '@Ines.Eats' });
  await t.ctx.db.update(users).set({ tiktok: 'ines_eats', twitter: 'InesEats' }).where(eq(users.id, ines.id));
});
afterAll(async () => {
  await t?.close();
});

const flags = { completed: 1, geolocalized: 1, hashtagged: 1, posted: 1, tagged: 1 };
const handles = { instagram: '@Ines.Eats', tiktok: 'ines_eats', x: 'InesEats' };

/** One open task needing one post and no story; rejected links never complete it, so it is reused. */
async function openTask() {
  const { task } = await createVisit(t.ctx, {
    brandId: brand.brandId,
    userId: ines.id,
    instructions: { posts_required: 1, stories_required: 0 },
  });
  return task;
}

function submit(taskId: number, posts: { type: 'post' | 'story'; link: string }[]) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/influencers/${ines.id}/tasks/${taskId}`,
    headers: ines.headers,
    payload: { posts: JSON.stringify(posts), ...flags },
  });
}

describe('offline post-link rules through PUT influencers/{id}/tasks/{taskId}', () => {
  const refused: [string, 'post' | 'story', string][] = [
    ['https://www.facebook.com/ines/posts/123456', 'post', MSG.postLinkNotSocial],
    ['https://ok.example/p/abc', 'post', MSG.postLinkNotSocial],
    ['https://instagram.com.evil.example/p/CxYz123/', 'post', MSG.postLinkNotSocial],
    ['https://www.instagram.com/ines.eats/', 'post', 'This link is not an Instagram post.'],
    ['https://www.instagram.com/explore/tags/brunch/', 'post', 'This link is not an Instagram post.'],
    ['https://www.tiktok.com/@ines_eats', 'post', 'This link is not a TikTok post.'],
    ['https://x.com/InesEats', 'post', 'This link is not an X post.'],
    ['https://twitter.com/InesEats/likes', 'post', 'This link is not an X post.'],
    ['https://www.instagram.com/other.chef/p/CxYz123/', 'post', 'This post belongs to @other.chef, not @ines.eats.'],
    [
      'https://www.tiktok.com/@someone/video/7301234567890123456',
      'post',
      'This post belongs to @someone, not @ines_eats.',
    ],
    ['https://x.com/elonmusk/status/1729000000000000000', 'post', 'This post belongs to @elonmusk, not @ineseats.'],
    [
      'https://twitter.com/someone/status/1729000000000000000?s=20',
      'post',
      'This post belongs to @someone, not @ineseats.',
    ],
    ['https://www.instagram.com/p/CxYz123/', 'story', MSG.postLinkNotStory],
    [
      'https://www.instagram.com/stories/other.chef/3210987654321/',
      'story',
      'This post belongs to @other.chef, not @ines.eats.',
    ],
    // A malformed escape names no account and no post (decodeURIComponent threw: a 500, issue 24).
    ['https://x.com/%E0%A4%A/status/1729000000000000000', 'post', 'This link is not an X post.'],
    ['https://www.instagram.com/%E0%A4%A/p/CxYz123/', 'post', 'This link is not an Instagram post.'],
    ['https://www.instagram.com/stories/%ZZ/3210987654321/', 'story', MSG.postLinkNotStory],
  ];

  it('refuses each wrong network, wrong shape and foreign account under its own field', async () => {
    const task = await openTask();
    for (const [link, type, message] of refused) {
      const posts =
        type === 'story'
          ? [
              { type: 'post' as const, link: 'https://www.instagram.com/p/Ok1/' },
              { type, link },
            ]
          : [{ type, link }];
      const res = await submit(task.id, posts);
      expect(res.statusCode, link).toBe(422);
      const field = `posts.${posts.length - 1}.link`;
      expect(res.json().errors[field], link).toEqual([message]);
    }
    const row = await t.ctx.db.query.tasks.findFirst({ where: eq(tasks.id, task.id) });
    expect(row?.completed).toBe(false);
  });

  it('says which of several links failed, each under its field', async () => {
    const task = await createVisit(t.ctx, {
      brandId: brand.brandId,
      userId: ines.id,
      instructions: { posts_required: 2, stories_required: 0 },
    });
    const res = await submit(task.task.id, [
      { type: 'post', link: 'https://www.instagram.com/reel/C1a2B3c4D5e/' },
      { type: 'post', link: 'https://www.youtube.com/watch?v=abc' },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'posts.1.link': [MSG.postLinkNotSocial] });
  });

  const accepted: [string, 'post' | 'story', boolean][] = [
    // [link, type, author confirmed by the URL itself]
    ['https://www.instagram.com/p/CxYz123AbCd/', 'post', false],
    ['https://instagram.com/p/CxYz123AbCd/?igsh=MTc4MmM1YmI2Ng==', 'post', false],
    ['https://www.instagram.com/reel/C1a2B3c4D5e/?utm_source=ig_web_copy_link', 'post', false],
    ['https://www.instagram.com/reels/C1a2B3c4D5e/', 'post', false],
    ['https://www.instagram.com/ines.eats/p/CxYz123AbCd/', 'post', true],
    ['https://www.instagram.com/Ines.Eats/reel/C1a2B3c4D5e/', 'post', true],
    ['https://www.instagram.com/stories/ines.eats/3210987654321/', 'story', true],
    ['https://www.instagram.com/stories/ines.eats/', 'story', false],
    ['https://www.tiktok.com/@ines_eats/video/7301234567890123456', 'post', true],
    ['https://tiktok.com/@ines_eats/video/7301234567890123456?is_from_webapp=1&sender_device=pc', 'post', true],
    ['https://vm.tiktok.com/ZMabc123/', 'post', false],
    ['https://x.com/InesEats/status/1729000000000000000', 'post', true],
    ['https://twitter.com/ineseats/status/1729000000000000000?s=20&t=abc', 'post', true],
    ['https://mobile.twitter.com/InesEats/status/1729000000000000000/photo/1', 'post', true],
    ['https://x.com/i/status/1729000000000000000', 'post', false],
  ];

  it('accepts real-world shapes; a link naming the user is "format" checked, never more, offline', async () => {
    const verifier = new OfflinePostVerifier();
    for (const [link, type, confirmed] of accepted) {
      expect(await verifier.verify({ type, link }, handles), link).toEqual({
        ok: true,
        check: confirmed ? 'format' : null,
      });
    }
  });

  it('stores how each post was checked and shows it to the brand on the booking', async () => {
    const { task, booking } = await createVisit(t.ctx, {
      brandId: brand.brandId,
      userId: ines.id,
      instructions: { posts_required: 2, stories_required: 0 },
    });
    const res = await submit(task.id, [
      { type: 'post', link: 'https://www.tiktok.com/@ines_eats/video/7301234567890123456' },
      { type: 'post', link: 'https://www.instagram.com/p/CxYz123AbCd/' },
    ]);
    expect(res.statusCode).toBe(200);
    const list = await t.app.inject({
      url: `/api/v1/brands/${brand.brandId}/bookings?filter[status]=accepted&page[size]=50`,
      headers: brand.headers,
    });
    const item = (list.json().data as BookingResource[]).find((b) => b.id === booking.id);
    // The offline verifier only read the addresses: a post that does not exist would read the same.
    expect(item?.task?.posts).toEqual([
      { type: 'post', link: 'https://www.tiktok.com/@ines_eats/video/7301234567890123456', check: 'format' },
      { type: 'post', link: 'https://www.instagram.com/p/CxYz123AbCd/', check: null },
    ]);
  });

  it('shows posts stored before the check kind as "format" checked at most', async () => {
    const { task } = await createVisit(t.ctx, { brandId: brand.brandId, userId: ines.id });
    await t.ctx.db
      .update(tasks)
      .set({
        completed: true,
        completedAt: t.clock.now(),
        posts: [
          { type: 'post', link: 'https://x.com/InesEats/status/1729000000000000001', checked: true },
          { type: 'story', link: 'https://www.instagram.com/stories/ines.eats/', checked: false },
        ],
      })
      .where(eq(tasks.id, task.id));
    const res = await t.app.inject({ url: `/api/v1/influencers/${ines.id}/tasks/${task.id}`, headers: ines.headers });
    expect(res.json().data.posts).toEqual([
      { type: 'post', link: 'https://x.com/InesEats/status/1729000000000000001', check: 'format' },
      { type: 'story', link: 'https://www.instagram.com/stories/ines.eats/', check: null },
    ]);
  });

  it('keeps the URL rule first: a non-URL is still "Please enter a valid URL"', async () => {
    const task = await openTask();
    const res = await submit(task.id, [{ type: 'post', link: 'instagram.com/p/abc' }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['posts.0.link']).toEqual([MSG.invalidPostUrl]);
  });
});

describe('oEmbed verifier against a local server speaking oEmbed', () => {
  let server: http.Server;
  let base: string;
  const seen: string[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://local');
      const post = url.searchParams.get('url') ?? '';
      seen.push(`${url.pathname} ${post}`);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (post.includes('9999999999999999999')) {
        // Slower than the verifier waits.
        setTimeout(() => send(200, { version: '1.0', type: 'rich' }), 1500);
        return;
      }
      if (post.includes('4040404040404040404')) return send(404, { error: 'Not Found' });
      if (url.pathname === '/found-elsewhere') {
        return send(200, { version: '1.0', type: 'rich', author_url: 'https://www.tiktok.com/@ines_eats' });
      }
      if (post.includes('3020000000000000000')) {
        // Sends the verifier to another address, which would confirm the post if it were followed.
        res.writeHead(302, { location: `/found-elsewhere?url=${encodeURIComponent(post)}` });
        return res.end();
      }
      if (post.includes('5550000000000000000')) {
        // An endless answer: padding that never ends, then (never reached) a confirming author.
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"author_url":"https://www.tiktok.com/@ines_eats","html":"');
        const drip = setInterval(() => res.write('x'.repeat(16 * 1024)), 5);
        res.on('close', () => clearInterval(drip));
        return;
      }
      if (post.includes('5560000000000000000')) {
        // Headers at once, then the body a byte at a time, past the deadline.
        res.writeHead(200, { 'content-type': 'application/json' });
        const body = JSON.stringify({ author_url: 'https://www.tiktok.com/@ines_eats' });
        let i = 0;
        const drip = setInterval(() => {
          if (i < body.length) res.write(body[i++]!);
          else {
            clearInterval(drip);
            res.end();
          }
        }, 40);
        res.on('close', () => clearInterval(drip));
        return;
      }
      if (url.pathname === '/tiktok') {
        const author = post.includes('7301234567890123456') ? 'ines_eats' : 'somebody_else';
        return send(200, {
          version: '1.0',
          type: 'video',
          title: 'Brunch at Blue Door',
          author_url: `https://www.tiktok.com/@${author}`,
          author_name: 'Ines',
          provider_name: 'TikTok',
          html: '<blockquote></blockquote>',
        });
      }
      if (url.pathname === '/x') {
        return send(200, {
          url: post,
          author_name: 'Ines',
          author_url: post.includes('1111111111111111111')
            ? 'https://twitter.com/impostor'
            : 'https://twitter.com/InesEats',
          html: '<blockquote class="twitter-tweet"></blockquote>',
          type: 'rich',
          version: '1.0',
          provider_name: 'Twitter',
        });
      }
      return send(404, {});
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  function verifier() {
    return new OembedPostVerifier({
      endpoints: { instagram: `${base}/instagram`, tiktok: `${base}/tiktok`, x: `${base}/x` },
      timeoutMs: 300,
    });
  }

  it('found: the post exists and its author is the user: "network" checked', async () => {
    const link = 'https://www.tiktok.com/@ines_eats/video/7301234567890123456';
    expect(await verifier().verify({ type: 'post', link }, handles)).toEqual({ ok: true, check: 'network' });
    expect(seen).toContain(`/tiktok ${link}`);
    // A link naming no account is confirmed by the network's answer.
    expect(
      await verifier().verify({ type: 'post', link: 'https://x.com/i/status/1729000000000000000' }, handles),
    ).toEqual({ ok: true, check: 'network' });
  });

  it('does not follow a redirect: the rules decide, and nothing is asked of the other address', async () => {
    const link = 'https://www.tiktok.com/@ines_eats/video/3020000000000000000';
    const before = seen.length;
    expect(await verifier().verify({ type: 'post', link }, handles)).toEqual({ ok: true, check: 'format' });
    expect(seen.slice(before).map((s) => s.split(' ')[0])).toEqual(['/tiktok']);
  });

  it('reads at most 64 KB of an answer: an endless one falls back to the rules at once', async () => {
    const started = Date.now();
    const link = 'https://www.tiktok.com/@ines_eats/video/5550000000000000000';
    const res = await new OembedPostVerifier({
      endpoints: { instagram: `${base}/instagram`, tiktok: `${base}/tiktok`, x: `${base}/x` },
      timeoutMs: 5000,
    }).verify({ type: 'post', link }, handles);
    expect(res).toEqual({ ok: true, check: 'format' });
    // Refused by size, not by the deadline.
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('bounds the whole exchange by the deadline: a body that drips falls back to the rules', async () => {
    const started = Date.now();
    const link = 'https://www.tiktok.com/@ines_eats/video/5560000000000000000';
    expect(await verifier().verify({ type: 'post', link }, handles)).toEqual({ ok: true, check: 'format' });
    expect(Date.now() - started).toBeLessThan(1200);
  });

  it("found, but someone else's: refused with the author the network names", async () => {
    const res = await verifier().verify({ type: 'post', link: 'https://x.com/i/status/1111111111111111111' }, handles);
    expect(res).toEqual({ ok: false, message: 'This post belongs to @impostor, not @ineseats.' });
  });

  it('not found: refused with "We couldn\'t find this ... post"', async () => {
    const res = await verifier().verify(
      { type: 'post', link: 'https://www.tiktok.com/@ines_eats/video/4040404040404040404' },
      handles,
    );
    expect(res).toEqual({ ok: false, message: "We couldn't find this TikTok post. Check the link." });
  });

  it('timeout: falls back to the rules', async () => {
    const started = Date.now();
    const named = await verifier().verify(
      { type: 'post', link: 'https://www.tiktok.com/@ines_eats/video/9999999999999999999' },
      handles,
    );
    expect(named).toEqual({ ok: true, check: 'format' });
    const anonymous = await verifier().verify(
      { type: 'post', link: 'https://x.com/i/status/9999999999999999999' },
      handles,
    );
    expect(anonymous).toEqual({ ok: true, check: null });
    expect(Date.now() - started).toBeLessThan(1400);
  });

  it('a wrong network is refused before any call', async () => {
    const before = seen.length;
    const res = await verifier().verify({ type: 'post', link: 'https://www.facebook.com/ines/posts/1' }, handles);
    expect(res).toEqual({ ok: false, message: MSG.postLinkNotSocial });
    expect(seen.length).toBe(before);
  });

  it('POST_VERIFIER=oembed is used by the task route: not found is a 422 under the field', async () => {
    t.ctx.config.postVerifier = 'oembed';
    t.ctx.config.oembed = {
      endpoints: { instagram: `${base}/instagram`, tiktok: `${base}/tiktok`, x: `${base}/x` },
      instagramToken: undefined,
      timeoutMs: 300,
    };
    try {
      const task = await openTask();
      const missing = await submit(task.id, [
        { type: 'post', link: 'https://www.tiktok.com/@ines_eats/video/4040404040404040404' },
      ]);
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors['posts.0.link']).toEqual(["We couldn't find this TikTok post. Check the link."]);
      const ok = await submit(task.id, [{ type: 'post', link: 'https://x.com/i/status/1729000000000000000' }]);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data.posts).toEqual([
        { type: 'post', link: 'https://x.com/i/status/1729000000000000000', check: 'network' },
      ]);
    } finally {
      t.ctx.config.postVerifier = 'offline';
    }
  });
});
