import fs from 'node:fs';
import path from 'node:path';

import { MSG, tooLong } from '@comped/shared/messages';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TestBrand, TestUser } from '../../../test/factories';
import { createBrandOwner, createUser, getUser } from '../../../test/factories';
import type { TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { users } from '../../db/schema';
import { sniffImage } from '../../lib/file-checks';
import { createVisit } from '../tasks/task.fixtures';

let t: TestApp;
let influencer: TestUser;
let journalist: TestUser;
let bookedBrand: TestBrand;
let otherBrand: TestBrand;

beforeAll(async () => {
  t = await createTestApp();
  influencer = await createUser(t.ctx, { role: 'influencer', name: 'Ines', instagram: 'ines.eats' });
  journalist = await createUser(t.ctx, { role: 'journalist', name: 'Jo', workplace: 'Daily Bite' });
  bookedBrand = await createBrandOwner(t.ctx, { name: 'Booked Bistro' });
  otherBrand = await createBrandOwner(t.ctx, { name: 'Other Bistro' });
  await createVisit(t.ctx, { brandId: bookedBrand.brandId, userId: influencer.id, status: 'declined' });
});
afterAll(async () => {
  await t.close();
});

function multipart(filename: string, content: Buffer, contentType: string, field = 'file') {
  const boundary = '----compedtest' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function pngWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: '#c2410c' } })
    .png()
    .withExif({ IFD0: { Copyright: 'secret-owner', ImageDescription: 'gps-here' } })
    .toBuffer();
}

describe('GET influencers/{id}', () => {
  it('answers the full profile (with email and press places) to the user themself', async () => {
    const res = await t.app.inject({ url: `/api/v1/influencers/${influencer.id}`, headers: influencer.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: influencer.id,
      name: 'Ines',
      email: influencer.email,
      type: 'influencer',
      tier_range: 1,
      press_places: [],
      socialnetworks: [{ name: 'instagram', handle: 'ines.eats' }],
    });
  });

  it('answers the public profile (no email) to a brand that has a booking with the user', async () => {
    const res = await t.app.inject({ url: `/api/v1/influencers/${influencer.id}`, headers: bookedBrand.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.name).toBe('Ines');
    expect(res.json().data).not.toHaveProperty('email');
  });

  it('refuses an unrelated brand (once the user is unlisted), another media user, unknown ids and missing tokens', async () => {
    // Listed in the creator directory (the default), the public profile is open to subscribed brands.
    const listed = await t.app.inject({ url: `/api/v1/influencers/${influencer.id}`, headers: otherBrand.headers });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.email).toBeUndefined();
    await t.ctx.db.update(users).set({ directoryListed: false }).where(eq(users.id, influencer.id));
    const unrelated = await t.app.inject({ url: `/api/v1/influencers/${influencer.id}`, headers: otherBrand.headers });
    await t.ctx.db.update(users).set({ directoryListed: true }).where(eq(users.id, influencer.id));
    expect(unrelated.statusCode).toBe(403);
    expect(unrelated.json()).toEqual({ message: MSG.forbidden, code: 'forbidden' });
    const media = await t.app.inject({ url: `/api/v1/influencers/${influencer.id}`, headers: journalist.headers });
    expect(media.statusCode).toBe(403);
    const unknown = await t.app.inject({ url: '/api/v1/influencers/999999', headers: bookedBrand.headers });
    expect(unknown.statusCode).toBe(403);
    const brandAsMedia = await t.app.inject({
      url: `/api/v1/influencers/${otherBrand.id}`,
      headers: bookedBrand.headers,
    });
    expect(brandAsMedia.statusCode).toBe(403);
    const anon = await t.app.inject({ url: `/api/v1/influencers/${influencer.id}` });
    expect(anon.statusCode).toBe(401);
  });
});

describe('PUT influencers/{id}', () => {
  it('updates the profile within the limits and strips "@" from handles', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/influencers/${influencer.id}`,
      headers: influencer.headers,
      payload: {
        name: '  Ines Eats ',
        bio: 'Food and travel',
        location: 'Brooklyn',
        instagram: '@ines.eats',
        twitter: 'ines_t',
        tiktok: '',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Ines Eats',
      bio: 'Food and travel',
      location: 'Brooklyn',
      socialnetworks: [
        { name: 'instagram', handle: 'ines.eats' },
        { name: 'twitter', handle: 'ines_t' },
      ],
    });
    const row = await getUser(t.ctx, influencer.id);
    expect(row).toMatchObject({ name: 'Ines Eats', location: 'Brooklyn', tiktok: null });
    // The answer replaces the profile the page shows: it carries the same reliability as GET.
    const read = await t.app.inject({ url: `/api/v1/influencers/${influencer.id}`, headers: influencer.headers });
    expect(read.json().data.reliability).toBeDefined();
    expect(res.json().data.reliability).toEqual(read.json().data.reliability);
  });

  it('enforces every limit with its message and changes nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', MSG.required],
      [{ name: 'x'.repeat(51) }, 'name', tooLong(50)],
      [{ name: 'Ok', bio: 'x'.repeat(251) }, 'bio', tooLong(250)],
      [{ name: 'Ok', location: 'x'.repeat(16) }, 'location', tooLong(15)],
      [{ name: 'Ok', instagram: 'x'.repeat(51) }, 'instagram', tooLong(50)],
      [{ name: 'Ok', twitter: 'x'.repeat(51) }, 'twitter', tooLong(50)],
      [{ name: 'Ok', tiktok: 'x'.repeat(51) }, 'tiktok', tooLong(50)],
      [{ name: 'Ok', workplace: 'x'.repeat(251) }, 'workplace', tooLong(250)],
    ];
    for (const [payload, field, message] of cases) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/influencers/${influencer.id}`,
        headers: influencer.headers,
        payload,
      });
      expect(res.statusCode, field).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
    }
    expect((await getUser(t.ctx, influencer.id))?.name).toBe('Ines Eats');
  });

  it('requires the affiliation of a journalist (whatever type the body claims) and keeps press links', async () => {
    const missing = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/influencers/${journalist.id}`,
      headers: journalist.headers,
      payload: { name: 'Jo', workplace: '', type: 'influencer' },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.workplace).toEqual([MSG.required]);
    const badLink = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/influencers/${journalist.id}`,
      headers: journalist.headers,
      payload: { name: 'Jo', workplace: 'Daily Bite', press_places: ['not a url'] },
    });
    expect(badLink.statusCode).toBe(422);
    expect(badLink.json().errors['press_places.0']).toEqual(['The link must be a valid URL.']);
    const ok = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/influencers/${journalist.id}`,
      headers: journalist.headers,
      payload: { name: 'Jo B', workplace: 'Freelance', press_places: ['https://news.example/a'] },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ workplace: 'Freelance', press_places: ['https://news.example/a'] });
  });

  it("refuses another user's id, brands and missing tokens, changing nothing", async () => {
    const other = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/influencers/${influencer.id}`,
      headers: journalist.headers,
      payload: { name: 'Hijacked', workplace: 'x' },
    });
    expect(other.statusCode).toBe(403);
    const asBrand = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/influencers/${bookedBrand.id}`,
      headers: bookedBrand.headers,
      payload: { name: 'Brand' },
    });
    expect(asBrand.statusCode).toBe(403);
    const anon = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/influencers/${influencer.id}`,
      payload: { name: 'Anon' },
    });
    expect(anon.statusCode).toBe(401);
    expect((await getUser(t.ctx, influencer.id))?.name).toBe('Ines Eats');
  });
});

describe('POST influencers/{id}/picture', () => {
  const url = () => `/api/v1/influencers/${influencer.id}/picture`;

  it('re-encodes a PNG without metadata under a server name and deletes the previous picture', async () => {
    const first = await t.app.inject({
      method: 'POST',
      url: url(),
      ...withAuth(multipart('../../evil name.png', await pngWithExif(), 'image/png')),
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.reliability).toBeDefined();
    const key1 = first.json().data.profile_picture as string;
    expect(key1).toMatch(new RegExp(`^profile-pictures/${influencer.id}/[0-9a-f-]{36}\\.png$`));
    const stored = fs.readFileSync(path.join(t.config.uploadsDir, key1));
    expect(stored.includes(Buffer.from('secret-owner'))).toBe(false);
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.width).toBe(40);

    const served = await t.app.inject({ url: `/files/${key1}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    const jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    const second = await t.app.inject({
      method: 'POST',
      url: url(),
      ...withAuth(multipart('photo.jpg', jpeg, 'image/jpeg')),
    });
    expect(second.statusCode).toBe(200);
    const key2 = second.json().data.profile_picture as string;
    expect(key2).toMatch(/\.jpg$/);
    expect((await getUser(t.ctx, influencer.id))?.profilePicture).toBe(key2);
    expect(fs.existsSync(path.join(t.config.uploadsDir, key1))).toBe(false);
  });

  it('draws a clean SVG into a PNG and rejects an SVG with a script', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="red"/></svg>',
    );
    const ok = await t.app.inject({
      method: 'POST',
      url: url(),
      ...withAuth(multipart('a.svg', svg, 'image/svg+xml')),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.profile_picture).toMatch(/\.png$/);

    const before = (await getUser(t.ctx, influencer.id))?.profilePicture;
    for (const bad of [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><rect onload="alert(1)"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://evil.example/x.png"/></svg>',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: url(),
        ...withAuth(multipart('a.svg', Buffer.from(bad), 'image/svg+xml')),
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.file).toEqual([MSG.svgUnsafe]);
    }
    expect((await getUser(t.ctx, influencer.id))?.profilePicture).toBe(before);
  });

  it('checks the type by content, not by name', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary');
    const res = await t.app.inject({
      method: 'POST',
      url: url(),
      ...withAuth(multipart('fake.png', gif, 'image/png')),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file).toEqual([MSG.imageTypeLogo]);
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const res2 = await t.app.inject({
      method: 'POST',
      url: url(),
      ...withAuth(multipart('x.svg', html, 'image/svg+xml')),
    });
    expect(res2.statusCode).toBe(422);
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(20)]);
    const res3 = await t.app.inject({
      method: 'POST',
      url: url(),
      ...withAuth(multipart('b.png', broken, 'image/png')),
    });
    expect(res3.statusCode).toBe(422);
    expect(res3.json().errors.file).toEqual([MSG.imageUnreadable]);
  });

  it('refuses images over 10 MB with the spec message', async () => {
    const big = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(10 * 1024 * 1024 + 10),
    ]);
    const res = await t.app.inject({ method: 'POST', url: url(), ...withAuth(multipart('big.png', big, 'image/png')) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file).toEqual([MSG.imageTooLarge]);
  });

  it('needs a file', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: url(),
      ...withAuth(multipart('x.png', Buffer.alloc(0), 'image/png', 'other')),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file).toEqual([MSG.fileRequired]);
  });

  it("refuses another user's id, brands and missing tokens", async () => {
    const png = await pngWithExif();
    const before = (await getUser(t.ctx, influencer.id))?.profilePicture;
    const other = await t.app.inject({
      method: 'POST',
      url: url(),
      ...multipart('a.png', png, 'image/png'),
      headers: { ...multipart('a.png', png, 'image/png').headers, ...journalist.headers },
    });
    expect(other.statusCode).toBe(403);
    const b = multipart('a.png', png, 'image/png');
    const asBrand = await t.app.inject({
      method: 'POST',
      url: `/api/v1/influencers/${bookedBrand.id}/picture`,
      payload: b.payload,
      headers: { ...b.headers, ...bookedBrand.headers },
    });
    expect(asBrand.statusCode).toBe(403);
    const anon = await t.app.inject({ method: 'POST', url: url(), ...multipart('a.png', png, 'image/png') });
    expect(anon.statusCode).toBe(401);
    expect((await getUser(t.ctx, influencer.id))?.profilePicture).toBe(before);
  });
});

describe('sniffImage', () => {
  it('recognises png, jpeg and svg by content', () => {
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImage(Buffer.from('\uFEFF  <!-- c --><svg width="1"></svg>'))).toBe('svg');
    expect(sniffImage(Buffer.from('<svgx></svgx>'))).toBeNull();
    expect(sniffImage(Buffer.from('hello'))).toBeNull();
  });
});

function withAuth(m: { payload: Buffer; headers: Record<string, string> }) {
  return { payload: m.payload, headers: { ...m.headers, ...influencer.headers } };
}
