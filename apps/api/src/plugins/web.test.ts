import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { registerWeb } from './web';

// A dist folder shaped like Vite's build with vite-plugin-compression2: index.html, a hashed
// asset with its .br and .gz copies, and an unhashed file from public/.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'comped-web-'));
const js = 'export const greeting = "hello";\n'.repeat(100);
const app = Fastify();

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-AbC123.js'), js);
  fs.writeFileSync(path.join(dist, 'assets', 'index-AbC123.js.br'), zlib.brotliCompressSync(js));
  fs.writeFileSync(path.join(dist, 'assets', 'index-AbC123.js.gz'), zlib.gzipSync(js));
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await registerWeb(app, dist);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('web app serving', () => {
  it('sends the brotli copy of a hashed asset, immutable for a year', async () => {
    const res = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(js);
  });

  it('sends gzip to a browser without brotli, and the plain file to one without either', async () => {
    const gz = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(js);
    const plain = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('revalidates index.html on every load, at / and at any app path', async () => {
    for (const url of ['/', '/campaigns', '/index.html']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('caches unhashed public files briefly, and answers unknown API paths with 404', async () => {
    const icon = await app.inject({ url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    const api = await app.inject({ url: '/api/v1/nope' });
    expect(api.statusCode).toBe(404);
  });
});
