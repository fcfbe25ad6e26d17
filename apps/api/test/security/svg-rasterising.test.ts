import { execFileSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';

import { MSG } from '@comped/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  blurredSvg,
  fannedOutSvg,
  layeredFilterSvg,
  multipart,
  SAFE_SVG,
} from '../../src/modules/brands/upload-fixtures';
import type { TestBrand } from '../factories';
import { createBrandOwner, createUser } from '../factories';
import type { TestApp } from '../test-app';
import { createTestApp } from '../test-app';

/**
 * Issue 24, availability: SVGs are drawn in worker processes (src/svg-raster-worker.ts) under a
 * wall-clock limit and a memory cap, after a count of their elements, so no upload can hold the
 * threads that hash passwords and read files.
 */

function logoUpload(owner: TestBrand, svg: string) {
  const m = multipart([{ name: 'file', value: Buffer.from(svg), filename: 'logo.svg', contentType: 'image/svg+xml' }]);
  return {
    url: `/api/v1/brands/${owner.brandId}/logo`,
    payload: m.payload,
    headers: { ...m.headers, ...owner.headers },
  };
}

/** Worker processes this test process has started and that still run. */
function liveWorkers(): string[] {
  try {
    const out = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' });
    return out.split('\n').filter((line) => line.includes('svg-raster-worker'));
  } catch {
    return []; // ps exits 1 when it lists nothing
  }
}

describe('limits of one SVG', () => {
  let t: TestApp;
  let owner: TestBrand;
  beforeAll(async () => {
    t = await createTestApp({ SVG_RASTER_TIMEOUT_MS: '1500' });
    owner = await createBrandOwner(t.ctx);
  });
  afterAll(async () => t.close());

  it('still draws a plain SVG logo into a PNG', async () => {
    const res = await t.app.inject({ method: 'POST', ...logoUpload(owner, SAFE_SVG) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.logo).toMatch(/\.png$/);
  });

  it('refuses four levels of ten <use> before drawing anything, with a 422 that says why', async () => {
    const started = Date.now();
    const res = await t.app.inject({ method: 'POST', ...logoUpload(owner, fannedOutSvg(4, 10)) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file).toEqual([MSG.svgTooManyElements]);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('stops an SVG at the time limit: 422, and its worker is gone', async () => {
    const brand = () => t.app.inject({ url: `/api/v1/brands/${owner.brandId}`, headers: owner.headers });
    const logoBefore = (await brand()).json().data.logo as string | null;
    const started = Date.now();
    const res = await t.app.inject({ method: 'POST', ...logoUpload(owner, blurredSvg(10)) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file).toEqual([MSG.svgTooSlow]);
    // 1.5 s of drawing plus the worker's start (slower on a busy machine); drawn in full it takes about 25 s.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(liveWorkers()).toEqual([]);
    // Nothing was stored: the brand keeps its logo.
    expect((await brand()).json().data.logo).toBe(logoBefore);
  });

  it('stops an SVG past the memory cap: 422, and its worker is gone', async () => {
    const s = await createTestApp({ SVG_RASTER_TIMEOUT_MS: '60000', SVG_RASTER_MEMORY_MB: '256' });
    try {
      const other = await createBrandOwner(s.ctx);
      // A chain of filter results over the whole canvas: its surfaces need several hundred megabytes.
      const res = await s.app.inject({ method: 'POST', ...logoUpload(other, layeredFilterSvg()) });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.file).toEqual([MSG.svgTooMuchMemory]);
      expect(liveWorkers()).toEqual([]);
    } finally {
      await s.close();
    }
  });
});

describe('four hostile SVGs in flight', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    // Production's limits, but a shorter time, so the run ends sooner; one worker at a time on two cores.
    t = await createTestApp({ SVG_RASTER_TIMEOUT_MS: '3000' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t.close());

  it('leave sign-in and file downloads answering within 2 s', async () => {
    const owners = await Promise.all([0, 1, 2, 3].map(() => createBrandOwner(t.ctx)));
    const member = await createUser(t.ctx, { role: 'influencer' });
    await t.ctx.storage.put('brands/1/menus/menu.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf');

    const uploads = owners.map(async (owner) => {
      const req = logoUpload(owner, blurredSvg(10));
      const res = await fetch(`${base}${req.url}`, { method: 'POST', headers: req.headers, body: req.payload });
      return { status: res.status, body: (await res.json()) as { errors?: { file?: string[] } } };
    });
    // Let every upload arrive and the first worker start drawing.
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const timed = async (run: () => Promise<Response>) => {
      const started = performance.now();
      const res = await run();
      await res.arrayBuffer();
      return { status: res.status, ms: performance.now() - started };
    };
    const signIn = await timed(() =>
      fetch(`${base}/api/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: member.email, password: member.password }),
      }),
    );
    const download = await timed(() => fetch(`${base}/files/brands/1/menus/menu.pdf`));
    console.info(
      `with four hostile SVGs in flight: sign-in ${signIn.ms.toFixed(0)} ms, download ${download.ms.toFixed(0)} ms`,
    );
    expect(signIn.status).toBe(200);
    expect(signIn.ms, 'sign-in while four hostile SVGs are in flight').toBeLessThan(2000);
    expect(download.status).toBe(200);
    expect(download.ms, 'download while four hostile SVGs are in flight').toBeLessThan(2000);

    // Each hostile SVG is refused in the end, one worker at a time, as too slow.
    const answers = await Promise.all(uploads);
    for (const a of answers) {
      expect(a.status).toBe(422);
      expect(a.body.errors?.file).toEqual([MSG.svgTooSlow]);
    }
    expect(liveWorkers()).toEqual([]);
  }, 60_000);
});
