import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

import { MSG } from '@comped/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadConfig } from '../../src/config';
import { multipart, pdfFile, SAFE_SVG } from '../../src/modules/brands/upload-fixtures';
import type { TestBrand, TestUser } from '../factories';
import { createBrandOwner, createUser } from '../factories';
import type { TestApp } from '../test-app';
import { createTestApp } from '../test-app';

/** Issue 11, items 1, 2, 6, 8 and the pixel limit: stored files can never script the origin. */

let t: TestApp;
let owner: TestBrand;
let media: TestUser;
let webDist: string;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'comped-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body></body></html>',
  );
  fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
  fs.writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  fs.writeFileSync(path.join(webDist, 'manifest.webmanifest'), '{"name":"Comped"}');
  t = await createTestApp({ WEB_DIST: webDist });
  owner = await createBrandOwner(t.ctx);
  media = await createUser(t.ctx, { role: 'influencer' });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const uploadLogo = (value: Buffer, filename = 'logo.svg') => {
  const m = multipart([{ name: 'file', value, filename, contentType: 'image/svg+xml' }]);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/brands/${owner.brandId}/logo`,
    payload: m.payload,
    headers: { ...m.headers, ...owner.headers },
  });
};

const SVG_NS = 'http://www.w3.org/2000/svg';

describe('SVG uploads', () => {
  const hostile: Record<string, string> = {
    'namespace-prefixed script': `<svg xmlns="${SVG_NS}" xmlns:s="${SVG_NS}"><s:script>alert(document.domain)</s:script></svg>`,
    'entity-encoded javascript: link': `<svg xmlns="${SVG_NS}" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="&#106;avascript:alert(1)"><rect width="9" height="9"/></a></svg>`,
    'hex-entity javascript: link': `<svg xmlns="${SVG_NS}"><a href="&#x6A;&#x61;vascript:alert(1)"><rect width="9" height="9"/></a></svg>`,
    foreignObject: `<svg xmlns="${SVG_NS}"><foreignObject width="9" height="9"><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject></svg>`,
    'prefixed foreignObject': `<svg xmlns="${SVG_NS}" xmlns:v="${SVG_NS}"><v:foreignObject/></svg>`,
    'external use href': `<svg xmlns="${SVG_NS}"><use href="https://evil.example/sprite.svg#a"/></svg>`,
    'relative use href': `<svg xmlns="${SVG_NS}"><use href="/files/other.svg#a"/></svg>`,
    'set animating href': `<svg xmlns="${SVG_NS}"><a><set attributeName="href" to="javascript:alert(1)"/></a></svg>`,
  };
  for (const [name, svg] of Object.entries(hostile)) {
    it(`refuses an SVG with a ${name}`, async () => {
      const res = await uploadLogo(Buffer.from(svg));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.file).toEqual([MSG.svgUnsafe]);
    });
  }

  it('stores a safe SVG as a PNG, served as image/png under a sandbox CSP', async () => {
    const res = await uploadLogo(Buffer.from(SAFE_SVG));
    expect(res.statusCode).toBe(200);
    const logo: string = res.json().data.logo;
    expect(logo).toMatch(/\.png$/);
    const file = await t.app.inject({ url: `/files/${logo}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(file.headers['content-security-policy']).toMatch(/^sandbox/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves an SVG stored before rasterising as an attachment in a sandbox', async () => {
    await t.ctx.storage.put('legacy/old-logo.svg', Buffer.from(SAFE_SVG), 'image/svg+xml');
    const file = await t.app.inject({ url: '/files/legacy/old-logo.svg' });
    expect(file.headers['content-security-policy']).toMatch(/^sandbox/);
    expect(file.headers['content-disposition']).toMatch(/^attachment/);
  });
});

describe('/files', () => {
  it('serves PDFs as attachments in a sandbox', async () => {
    await t.ctx.storage.put('brands/1/menus/m.pdf', pdfFile(), 'application/pdf');
    const file = await t.app.inject({ url: '/files/brands/1/menus/m.pdf' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe('attachment; filename="m.pdf"');
    expect(file.headers['content-security-policy']).toMatch(/^sandbox/);
  });

  it('answers folders with 404, not 500', async () => {
    await t.ctx.storage.put('brands/7/photos/a.png', Buffer.from('x'), 'image/png');
    for (const url of ['/files/brands', '/files/brands/7', '/files/brands/7/photos/', '/files/']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('answers keys no upload can have with 404, exactly as a client sent them (issue 24)', async () => {
    // Sent over a real socket: the paths stay as written (no client or test helper normalises them).
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const statusOf = (rawPath: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path: rawPath }, (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.end();
      });
    for (const rawPath of [
      '/files//etc/passwd',
      '/files/%2Fetc%2Fpasswd',
      '/files/.',
      '/files/..',
      '/files/./brands',
      '/files/brands//7',
      '/files/%2e%2e/%2e%2e/etc/passwd',
      '/files/brands/.hidden',
    ]) {
      const res = await statusOf(rawPath);
      expect(res.status, rawPath).toBe(404);
      expect(res.body, rawPath).not.toContain('root:');
    }
  });

  it('keeps the stored extension whatever download name is asked for (issue 24)', async () => {
    await t.ctx.storage.put('brands/1/menus/n.pdf', pdfFile(), 'application/pdf');
    const names: [string, string][] = [
      ['menu.html', 'menu.html.pdf'],
      ['Dinner.pdf', 'Dinner.pdf'],
      ['Dinner', 'Dinner.pdf'],
      ['../../evil.svg', '.._.._evil.svg.pdf'],
    ];
    for (const [asked, saved] of names) {
      const res = await t.app.inject({
        url: `/files/brands/1/menus/n.pdf?download=1&name=${encodeURIComponent(asked)}`,
      });
      expect(res.statusCode, asked).toBe(200);
      expect(res.headers['content-disposition'], asked).toBe(`attachment; filename="${saved}"`);
      expect(res.headers['content-type']).toBe('application/pdf');
    }
  });
});

/** A PNG whose header declares width x height pixels, with a tiny (invalid) body. */
function declaredPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('image decoding', () => {
  it('refuses a PNG declaring 30000 x 30000 pixels quickly, by its header', async () => {
    const started = Date.now();
    const m = multipart([
      { name: 'file', value: declaredPng(30000, 30000), filename: 'bomb.png', contentType: 'image/png' },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/brands/${owner.brandId}/logo`,
      payload: m.payload,
      headers: { ...m.headers, ...owner.headers },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file).toEqual([MSG.imageTooManyPixels]);
    const pic = multipart([
      { name: 'file', value: declaredPng(30000, 30000), filename: 'bomb.png', contentType: 'image/png' },
    ]);
    const res2 = await t.app.inject({
      method: 'POST',
      url: `/api/v1/influencers/${media.id}/picture`,
      payload: pic.payload,
      headers: { ...pic.headers, ...media.headers },
    });
    expect(res2.statusCode).toBe(422);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('security headers', () => {
  const pages = ['/', '/login', '/assets/app.js', '/api/v1/profile', '/api/v1/campaigns', '/readyz'];
  for (const url of pages) {
    it(`${url} carries CSP without inline script, frame-ancestors 'none', nosniff and a referrer policy`, async () => {
      const res = await t.app.inject({ url });
      const csp = res.headers['content-security-policy'] as string;
      expect(csp).toBeTruthy();
      const script = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
      expect(script).toContain("'self'");
      expect(script).not.toContain("'unsafe-inline'");
      expect(script).not.toContain('stripe.com');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      // PUBLIC_URL is http here: no HSTS that would pin a plain-http host.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });
  }

  it('/files/* adds sandbox', async () => {
    await t.ctx.storage.put('x/y.png', Buffer.from('x'), 'image/png');
    const res = await t.app.inject({ url: '/files/x/y.png' });
    expect(res.headers['content-security-policy']).toMatch(/^sandbox/);
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('sends HSTS when PUBLIC_URL is https, and allows Stripe only with the Stripe provider', async () => {
    const s = await createTestApp({
      PUBLIC_URL: 'https://comped.example',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    });
    try {
      const res = await s.app.inject({ url: '/api/v1/campaigns' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      const csp = res.headers['content-security-policy'] as string;
      expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
      expect(csp).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com/);
    } finally {
      await s.close();
    }
  });
});

describe('the installable app (issue 29)', () => {
  it('lets the service worker and the manifest load from our origin only', async () => {
    const csp = (await t.app.inject({ url: '/login' })).headers['content-security-policy'] as string;
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });

  it('revalidates the service worker and the manifest on every load, and keeps hashed assets a year', async () => {
    const sw = await t.app.inject({ url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const manifest = await t.app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject({ url: '/' })).headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject({ url: '/assets/app.js' })).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
  });
});

describe('configuration', () => {
  it('refuses to start with TEST_CLOCK=1 in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_CLOCK: '1' })).toThrow(/TEST_CLOCK/);
    expect(loadConfig({ NODE_ENV: 'development', TEST_CLOCK: '1' }).testClock).toBe(true);
  });
});
