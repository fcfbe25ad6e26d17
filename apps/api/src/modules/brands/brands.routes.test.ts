import { MSG, tooLong } from '@comped/shared/messages';
import type { BrandResource, FileRef } from '@comped/shared/schemas/resources';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TestBrand, TestUser } from '../../../test/factories';
import { createBrandOwner, createUser } from '../../../test/factories';
import type { TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { brands, brandSocialNetworks, menus, photos } from '../../db/schema';
import { jpegImage, multipart, pdfFile, pngImage, SAFE_SVG, SCRIPT_SVG } from './upload-fixtures';

let t: TestApp;
let owner: TestBrand;
let other: TestBrand;
let unsubscribed: TestBrand;
let media: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createBrandOwner(t.ctx, { name: 'Owner Bistro' });
  other = await createBrandOwner(t.ctx, { name: 'Other Bistro' });
  unsubscribed = await createBrandOwner(t.ctx, { subscribed: false });
  media = await createUser(t.ctx, { role: 'influencer' });
});
afterAll(async () => t.close());

const general = {
  name: 'Casa Nova',
  description: 'Seasonal Italian cooking.',
  address: '22 Elm St',
  zip: '10002',
  phones: '5559876543',
};

async function brandRow(id: number) {
  return (await t.ctx.db.select().from(brands).where(eq(brands.id, id)))[0]!;
}

async function stored(key: string): Promise<Buffer | null> {
  const file = await t.ctx.storage.get(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const c of file.body) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describe('GET brands/{id}', () => {
  it('answers the owner with the brand resource', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/brands/${owner.brandId}`, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    const brand = res.json<{ data: BrandResource }>().data;
    expect(brand).toMatchObject({
      id: owner.brandId,
      name: 'Owner Bistro',
      socialnetworks: [],
      locations: [],
      menus: [],
      photos: [],
    });
  });
  it("refuses another brand's id, media users and a missing token", async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/brands/${other.brandId}`, headers: owner.headers }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/brands/${owner.brandId}`, headers: media.headers }))
        .statusCode,
    ).toBe(403);
    const anon = await t.app.inject({ method: 'GET', url: `/api/v1/brands/${owner.brandId}` });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().message).toBe(MSG.unauthenticated);
  });
});

describe('PATCH brands/{id}', () => {
  const patch = (who: TestUser, id: number, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/v1/brands/${id}`, headers: who.headers, payload });

  it('updates the general info', async () => {
    const res = await patch(owner, owner.brandId, general);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject(general);
    expect(await brandRow(owner.brandId)).toMatchObject(general);
  });

  it('requires every field and checks the zip and lengths', async () => {
    const res = await patch(owner, owner.brandId, { ...general, name: '  ', zip: '10a', description: '' });
    expect(res.statusCode).toBe(422);
    const { errors } = res.json();
    expect(errors.name).toEqual([MSG.required]);
    expect(errors.description).toEqual([MSG.required]);
    expect(errors.zip).toEqual([MSG.zipNumber]);
    const long = await patch(owner, owner.brandId, {
      ...general,
      name: 'n'.repeat(51),
      address: 'a'.repeat(101),
      zip: '123456',
      phones: '1'.repeat(16),
    });
    expect(long.json().errors).toMatchObject({
      name: [tooLong(50)],
      address: [tooLong(100)],
      zip: [tooLong(5)],
      phones: [tooLong(15)],
    });
    const missing = await patch(owner, owner.brandId, {});
    expect(Object.keys(missing.json().errors).sort()).toEqual(['address', 'description', 'name', 'phones', 'zip']);
    expect((await brandRow(owner.brandId)).name).toBe(general.name);
  });

  it("refuses another brand's id and leaves it unchanged", async () => {
    const res = await patch(owner, other.brandId, { ...general, name: 'Hijacked' });
    expect(res.statusCode).toBe(403);
    expect((await brandRow(other.brandId)).name).toBe('Other Bistro');
  });

  it('refuses media users, a missing token and a brand without subscription', async () => {
    expect((await patch(media, owner.brandId, general)).statusCode).toBe(403);
    const anon = await t.app.inject({ method: 'PATCH', url: `/api/v1/brands/${owner.brandId}`, payload: general });
    expect(anon.statusCode).toBe(401);
    const res = await patch(unsubscribed, unsubscribed.brandId, general);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.subscriptionRequired);
    expect((await brandRow(unsubscribed.brandId)).name).toBe('Test Bistro');
  });
});

describe('PUT and DELETE brands/{id}/field', () => {
  const put = (who: TestUser, id: number, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/brands/${id}/field`, headers: who.headers, payload });
  const del = (who: TestUser, id: number, payload: object) =>
    t.app.inject({ method: 'DELETE', url: `/api/v1/brands/${id}/field`, headers: who.headers, payload });

  it('sets one field and clears an optional one', async () => {
    const res = await put(owner, owner.brandId, { field: 'brandType', value: 'Restaurant' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.brandType).toBe('Restaurant');
    const desc = await put(owner, owner.brandId, { field: 'description', value: 'New words' });
    expect(desc.json().data.description).toBe('New words');
    const cleared = await del(owner, owner.brandId, { field: 'brandType' });
    expect(cleared.statusCode).toBe(200);
    expect((await brandRow(owner.brandId)).brandType).toBeNull();
  });

  it('accepts only the whitelisted fields, with their rules', async () => {
    const res = await put(owner, owner.brandId, { field: 'ownerId', value: other.id });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.field).toEqual([MSG.fieldNotEditable]);
    const zip = await put(owner, owner.brandId, { field: 'zip', value: 'abc' });
    expect(zip.json().errors.value).toEqual([MSG.zipNumber]);
    const required = await del(owner, owner.brandId, { field: 'name' });
    expect(required.statusCode).toBe(422);
    expect((await brandRow(owner.brandId)).ownerId).toBe(owner.id);
  });

  it('refuses another brand, media users, no token, no subscription', async () => {
    expect((await put(owner, other.brandId, { field: 'description', value: 'x' })).statusCode).toBe(403);
    expect((await brandRow(other.brandId)).description).toBeNull();
    expect((await put(media, owner.brandId, { field: 'description', value: 'x' })).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/v1/brands/${owner.brandId}/field`,
          payload: { field: 'description', value: 'x' },
        })
      ).statusCode,
    ).toBe(401);
    const res = await put(unsubscribed, unsubscribed.brandId, { field: 'description', value: 'x' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.subscriptionRequired);
  });
});

describe('PUT brands/socialnetworks/{id}', () => {
  const put = (who: TestUser, id: number, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/brands/socialnetworks/${id}`, headers: who.headers, payload });

  it("replaces the brand's links and drops empty handles", async () => {
    await put(owner, owner.brandId, { socialnetworks: [{ name: 'twitter', handle: 'old' }] });
    const res = await put(owner, owner.brandId, {
      socialnetworks: [
        { name: 'instagram', handle: '@casanova' },
        { name: 'tiktok', handle: '' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.socialnetworks).toEqual([
      expect.objectContaining({ name: 'instagram', handle: 'casanova' }),
    ]);
  });

  it('checks handle length and names', async () => {
    const res = await put(owner, owner.brandId, { socialnetworks: [{ name: 'instagram', handle: 'h'.repeat(51) }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['socialnetworks.0.handle']).toEqual([tooLong(50)]);
    const bad = await put(owner, owner.brandId, { socialnetworks: [{ name: 'myspace', handle: 'x' }] });
    expect(bad.statusCode).toBe(422);
  });

  it('refuses another brand, media, no token, no subscription', async () => {
    expect((await put(owner, other.brandId, { socialnetworks: [{ name: 'instagram', handle: 'x' }] })).statusCode).toBe(
      403,
    );
    const rows = await t.ctx.db
      .select()
      .from(brandSocialNetworks)
      .where(eq(brandSocialNetworks.brandId, other.brandId));
    expect(rows).toEqual([]);
    expect((await put(media, owner.brandId, { socialnetworks: [] })).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/v1/brands/socialnetworks/${owner.brandId}`,
          payload: { socialnetworks: [] },
        })
      ).statusCode,
    ).toBe(401);
    expect((await put(unsubscribed, unsubscribed.brandId, { socialnetworks: [] })).json().message).toBe(
      MSG.subscriptionRequired,
    );
  });
});

describe('POST brands/{id}/logo', () => {
  const upload = (who: TestUser | null, id: number, value: Buffer, filename = 'logo.png') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/brands/${id}/logo`,
      ...(() => {
        const m = multipart([{ name: 'file', value, filename, contentType: 'image/png' }]);
        return { payload: m.payload, headers: { ...m.headers, ...(who ? who.headers : {}) } };
      })(),
    });

  it('re-encodes a PNG without metadata under a server-made name, with a variant, and deletes the old logo', async () => {
    const res = await upload(owner, owner.brandId, await pngImage(), 'my logo.png');
    expect(res.statusCode).toBe(200);
    const key: string = res.json().data.logo;
    expect(key).toMatch(new RegExp(`^brands/${owner.brandId}/logo-[0-9a-f]{32}\\.png$`));
    expect(key).not.toContain('my logo');
    const body = (await stored(key))!;
    const meta = await sharp(body).metadata();
    expect(meta.format).toBe('png');
    expect(meta.exif).toBeUndefined();
    const variantKey = key.replace('.png', '-thumb.webp');
    const variant = await sharp((await stored(variantKey))!).metadata();
    expect(Math.max(variant.width!, variant.height!)).toBe(256);

    const second = await upload(owner, owner.brandId, await jpegImage(), 'photo.jpg');
    expect(second.statusCode).toBe(200);
    expect(second.json().data.logo).toMatch(/\.jpg$/);
    expect(await stored(key)).toBeNull();
    expect(await stored(variantKey)).toBeNull();

    const download = await t.app.inject({ method: 'GET', url: `/files/${second.json().data.logo}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/jpeg');
  });

  it('accepts a safe SVG (stored rasterised as PNG) and refuses one with a script', async () => {
    const ok = await upload(owner, owner.brandId, Buffer.from(SAFE_SVG), 'logo.svg');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.logo).toMatch(/\.png$/);
    const bad = await upload(owner, owner.brandId, Buffer.from(SCRIPT_SVG), 'logo.svg');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.file).toEqual([MSG.svgUnsafe]);
    expect((await brandRow(owner.brandId)).logo).toBe(ok.json().data.logo);
  });

  it('checks the content, not the name, and the 10 MB limit', async () => {
    const text = await upload(owner, owner.brandId, Buffer.from('I am not an image at all'), 'logo.png');
    expect(text.statusCode).toBe(422);
    expect(text.json().errors.file).toEqual([MSG.imageTypeLogo]);
    const fakePng = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('garbage'),
    ]);
    expect((await upload(owner, owner.brandId, fakePng, 'logo.png')).json().message).toBe(MSG.imageUnreadable);
    const big = await upload(owner, owner.brandId, Buffer.alloc(10 * 1024 * 1024 + 10, 1), 'big.png');
    expect(big.statusCode).toBe(422);
    expect(big.json().message).toBe(MSG.imageTooLarge);
    expect(big.json().errors.file).toEqual([MSG.imageTooLarge]);
    const none = await t.app.inject({
      method: 'POST',
      url: `/api/v1/brands/${owner.brandId}/logo`,
      headers: owner.headers,
      payload: {},
    });
    expect(none.statusCode).toBe(422);
  });

  it('refuses another brand, media users, no token, no subscription', async () => {
    const png = await pngImage(50, 50);
    expect((await upload(owner, other.brandId, png)).statusCode).toBe(403);
    expect((await brandRow(other.brandId)).logo).toBeNull();
    expect((await upload(media, owner.brandId, png)).statusCode).toBe(403);
    expect((await upload(null, owner.brandId, png)).statusCode).toBe(401);
    const res = await upload(unsubscribed, unsubscribed.brandId, png);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.subscriptionRequired);
  });
});

describe('photos', () => {
  const upload = async (who: TestUser | null, brandId: number, value: Buffer, filename = 'p.jpg') => {
    const m = multipart([
      { name: 'brand_id', value: String(brandId) },
      { name: 'file', value, filename, contentType: 'image/jpeg' },
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/photos',
      payload: m.payload,
      headers: { ...m.headers, ...(who?.headers ?? {}) },
    });
  };
  const countPhotos = async (brandId: number) =>
    (await t.ctx.db.select().from(photos).where(eq(photos.brandId, brandId))).length;

  it('stores a re-encoded photo with a 600x360 variant, at most 5 per brand, and deletes one', async () => {
    const jpg = await jpegImage();
    const first = await upload(owner, owner.brandId, jpg);
    expect(first.statusCode).toBe(201);
    const ref = first.json<{ data: FileRef }>().data;
    expect(ref.path).toMatch(/^brands\/\d+\/photos\/[0-9a-f]{32}\.jpg$/);
    const main = await sharp((await stored(ref.path))!).metadata();
    expect(main.exif).toBeUndefined();
    const thumb = await sharp((await stored(ref.thumb_path!))!).metadata();
    expect([thumb.width, thumb.height]).toEqual([600, 360]);

    for (let i = 0; i < 4; i += 1)
      expect((await upload(owner, owner.brandId, await pngImage(300, 200), 'x.png')).statusCode).toBe(201);
    const sixth = await upload(owner, owner.brandId, jpg);
    expect(sixth.statusCode).toBe(422);
    expect(sixth.json().message).toBe(MSG.maxPhotosReached);
    expect(await countPhotos(owner.brandId)).toBe(5);

    const brand = await t.app.inject({ method: 'GET', url: `/api/v1/brands/${owner.brandId}`, headers: owner.headers });
    expect(brand.json().data.photos).toHaveLength(5);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/photos/${ref.id}`, headers: owner.headers });
    expect(del.statusCode).toBe(204);
    expect(await countPhotos(owner.brandId)).toBe(4);
    expect(await stored(ref.path)).toBeNull();
    expect(await stored(ref.thumb_path!)).toBeNull();
  });

  it('ignores other file parts and uses the one named file', async () => {
    const m = multipart([
      { name: 'brand_id', value: String(other.brandId) },
      { name: 'extra', value: Buffer.from('not an image'), filename: 'x.txt', contentType: 'text/plain' },
      { name: 'file', value: await pngImage(64, 64), filename: 'p.png', contentType: 'image/png' },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/photos',
      payload: m.payload,
      headers: { ...m.headers, ...other.headers },
    });
    expect(res.statusCode).toBe(201);
    await t.app.inject({ method: 'DELETE', url: `/api/v1/photos/${res.json().data.id}`, headers: other.headers });
    expect(await countPhotos(other.brandId)).toBe(0);
  });

  it('refuses SVGs, text named .jpg and files over 10 MB', async () => {
    const svg = await upload(other, other.brandId, Buffer.from(SAFE_SVG), 'p.svg');
    expect(svg.json().errors.file).toEqual([MSG.imageTypePhoto]);
    const text = await upload(other, other.brandId, Buffer.from('plain text, really'), 'p.jpg');
    expect(text.statusCode).toBe(422);
    expect(text.json().errors.file).toEqual([MSG.imageTypePhoto]);
    const big = await upload(other, other.brandId, Buffer.alloc(10 * 1024 * 1024 + 1, 0xff), 'big.jpg');
    expect(big.statusCode).toBe(422);
    expect(big.json().message).toBe(MSG.imageTooLarge);
    expect(await countPhotos(other.brandId)).toBe(0);
  });

  it("refuses another brand's photos and brand id, media users, no token, no subscription", async () => {
    const png = await pngImage(60, 40);
    expect((await upload(owner, other.brandId, png)).statusCode).toBe(403);
    expect(await countPhotos(other.brandId)).toBe(0);
    const theirs = await upload(other, other.brandId, png);
    const id = theirs.json().data.id;
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/photos/${id}`, headers: owner.headers });
    expect(del.statusCode).toBe(403);
    expect(await countPhotos(other.brandId)).toBe(1);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/photos/${id}`, headers: media.headers })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/photos/${id}` })).statusCode).toBe(401);
    expect((await upload(media, owner.brandId, png)).statusCode).toBe(403);
    expect((await upload(null, owner.brandId, png)).statusCode).toBe(401);
    const res = await upload(unsubscribed, unsubscribed.brandId, png);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.subscriptionRequired);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/v1/photos/999999', headers: owner.headers })).statusCode,
    ).toBe(404);
  });
});

describe('menus', () => {
  const upload = async (
    who: TestUser | null,
    brandId: number,
    parts: { name?: string; file?: Buffer; filename?: string },
  ) => {
    const list = [];
    if (parts.name !== undefined) list.push({ name: 'name', value: parts.name });
    if (parts.file)
      list.push({
        name: 'file',
        value: parts.file,
        filename: parts.filename ?? 'menu.pdf',
        contentType: 'application/pdf',
      });
    const m = multipart(list);
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/brands/${brandId}/menu`,
      payload: m.payload,
      headers: { ...m.headers, ...(who?.headers ?? {}) },
    });
  };
  const countMenus = async (brandId: number) =>
    (await t.ctx.db.select().from(menus).where(eq(menus.brandId, brandId))).length;

  it('stores a named PDF, serves it as a PDF download, and deletes it by path', async () => {
    const res = await upload(owner, owner.brandId, { name: 'Dinner', file: pdfFile() });
    expect(res.statusCode).toBe(201);
    const menu = res.json<{ data: BrandResource }>().data.menus.at(-1)!;
    expect(menu.name).toBe('Dinner');
    expect(menu.path).toMatch(/^brands\/\d+\/menus\/[0-9a-f]{32}\.pdf$/);
    const file = await t.app.inject({ method: 'GET', url: `/files/${menu.path}?download=1&name=Dinner.pdf` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('attachment; filename="Dinner.pdf"');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/brands/${owner.brandId}/menu`,
      headers: owner.headers,
      payload: { path: menu.path },
    });
    expect(del.statusCode).toBe(200);
    expect(del.json().data.menus.find((m: FileRef) => m.path === menu.path)).toBeUndefined();
    expect(await stored(menu.path)).toBeNull();
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/brands/${owner.brandId}/menu`,
      headers: owner.headers,
      payload: { path: menu.path },
    });
    expect(again.statusCode).toBe(404);
  });

  it('needs a name and a real PDF under 10 MB', async () => {
    const before = await countMenus(owner.brandId);
    const noName = await upload(owner, owner.brandId, { name: ' ', file: pdfFile() });
    expect(noName.statusCode).toBe(422);
    expect(noName.json().errors.name).toEqual([MSG.required]);
    const noFile = await upload(owner, owner.brandId, { name: 'Lunch' });
    expect(noFile.json().errors.file).toEqual([MSG.fileRequired]);
    const notPdf = await upload(owner, owner.brandId, {
      name: 'Lunch',
      file: Buffer.from('hello, not a pdf'),
      filename: 'menu.pdf',
    });
    expect(notPdf.statusCode).toBe(422);
    expect(notPdf.json().errors.file).toEqual([MSG.menuNotPdf]);
    const truncated = await upload(owner, owner.brandId, {
      name: 'Lunch',
      file: Buffer.from('%PDF-1.4\nno end marker here at all'),
    });
    expect(truncated.json().errors.file).toEqual([MSG.menuNotPdf]);
    const big = await upload(owner, owner.brandId, { name: 'Lunch', file: pdfFile('x'.repeat(10 * 1024 * 1024)) });
    expect(big.statusCode).toBe(422);
    expect(big.json().message).toBe(MSG.menuTooLarge);
    expect(await countMenus(owner.brandId)).toBe(before);
  });

  it('refuses another brand, media users, no token, no subscription', async () => {
    expect((await upload(owner, other.brandId, { name: 'X', file: pdfFile() })).statusCode).toBe(403);
    expect(await countMenus(other.brandId)).toBe(0);
    const theirs = await upload(other, other.brandId, { name: 'Theirs', file: pdfFile() });
    const path = theirs.json().data.menus[0].path;
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/brands/${other.brandId}/menu`,
      headers: owner.headers,
      payload: { path },
    });
    expect(del.statusCode).toBe(403);
    expect(await countMenus(other.brandId)).toBe(1);
    expect((await upload(media, owner.brandId, { name: 'X', file: pdfFile() })).statusCode).toBe(403);
    expect((await upload(null, owner.brandId, { name: 'X', file: pdfFile() })).statusCode).toBe(401);
    const res = await upload(unsubscribed, unsubscribed.brandId, { name: 'X', file: pdfFile() });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.subscriptionRequired);
  });
});
