import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';

// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createBrandOwner } from '../../../test/factories';
import type { TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { multipart, pdfFile, pngImage } from '../../modules/brands/upload-fixtures';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import type { Storage } from './storage';

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}

/** The same contract for every driver: put, get (type and size), delete, and a missing key is null. */
function contract(name: string, make: () => Storage) {
  describe(name, () => {
    it('puts, gets and deletes a file', async () => {
      const storage = make();
      const key = 'brands/1/menus/abc123.pdf';
      const body = Buffer.from('%PDF-1.4 test %%EOF');
      await storage.put(key, body, 'application/pdf');
      const file = await storage.get(key);
      expect(file).not.toBeNull();
      expect(file!.contentType).toBe('application/pdf');
      expect(file!.size).toBe(body.length);
      expect(await readAll(file!.body)).toEqual(body);
      await storage.delete(key);
      expect(await storage.get(key)).toBeNull();
      // Deleting twice is not an error.
      await storage.delete(key);
    });

    it('answers null for an unknown key and keeps image types', async () => {
      const storage = make();
      expect(await storage.get('nothing/here.png')).toBeNull();
      await storage.put('brands/1/logo-x.png', Buffer.from([0x89, 0x50]), 'image/png');
      expect((await storage.get('brands/1/logo-x.png'))!.contentType).toBe('image/png');
    });
  });
}

const localRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'comped-local-storage-'));
contract('LocalStorage', () => new LocalStorage(localRoot));

describe('LocalStorage paths', () => {
  it('refuses keys outside its folder', async () => {
    const storage: Storage = new LocalStorage(localRoot);
    await expect(storage.put('../escape.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow('invalid storage key');
    expect(fs.existsSync(path.join(localRoot, '..', 'escape.txt'))).toBe(false);
  });
});

let s3dir: string;
let server: { run(): Promise<{ port: number }>; close(): Promise<void> } | null = null;
let s3: S3Storage | null = null;
let s3Endpoint = '';
let strict: http.Server | null = null;
let strictS3: S3Storage | null = null;

/**
 * An S3-compatible store that refuses the checksum headers current AWS SDKs send by default, as
 * several do (Backblaze B2: "Unsupported header 'x-amz-sdk-checksum-algorithm'", older MinIO and Ceph
 * releases): a proxy in front of s3rver answering 400 InvalidRequest to any request carrying
 * one, or an aws-chunked body with a checksum trailer, and passing everything else through as is.
 */
function checksumRefusingStore(target: number): http.Server {
  return http.createServer((req, res) => {
    const offending = Object.keys(req.headers).filter(
      (h) =>
        h.startsWith('x-amz-checksum-') ||
        h === 'x-amz-sdk-checksum-algorithm' ||
        h === 'x-amz-trailer' ||
        (h === 'content-encoding' && String(req.headers[h]).includes('aws-chunked')),
    );
    if (offending.length > 0) {
      req.resume();
      res.writeHead(400, { 'content-type': 'application/xml' });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><Error><Code>InvalidRequest</Code><Message>Unsupported header '${offending[0]}' received for this API call.</Message></Error>`,
      );
      return;
    }
    const upstream = http.request(
      { host: '127.0.0.1', port: target, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
}

beforeAll(async () => {
  s3dir = fs.mkdtempSync(path.join(os.tmpdir(), 'comped-s3rver-'));
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: s3dir,
    configureBuckets: [{ name: 'comped-test', configs: [] }],
  });
  const { port } = await server!.run();
  s3Endpoint = `http://127.0.0.1:${port}`;
  s3 = new S3Storage({
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'comped-test',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    region: 'us-east-1',
  });
  strict = checksumRefusingStore(port);
  await new Promise<void>((resolve) => strict!.listen(0, '127.0.0.1', resolve));
  strictS3 = new S3Storage({
    endpoint: `http://127.0.0.1:${(strict.address() as AddressInfo).port}`,
    bucket: 'comped-test',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    region: 'us-east-1',
  });
});

afterAll(async () => {
  strictS3?.destroy();
  await new Promise((resolve) => (strict ? strict.close(resolve) : resolve(undefined)));
  s3?.destroy();
  await server?.close();
  fs.rmSync(s3dir, { recursive: true, force: true });
  fs.rmSync(localRoot, { recursive: true, force: true });
});

contract('S3Storage (s3rver)', () => s3!);
contract('S3Storage (a store that refuses checksum headers)', () => strictS3!);
describe('the app on S3 storage (S3_* set)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      S3_ENDPOINT: s3Endpoint,
      S3_BUCKET: 'comped-test',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
  });
  afterAll(async () => t?.close());

  it('stores uploads in the bucket and serves them at /files/<key>; a replaced logo leaves the bucket', async () => {
    expect(t.ctx.storage).toBeInstanceOf(S3Storage);
    const owner = await createBrandOwner(t.ctx);
    const menu = multipart([
      { name: 'name', value: 'Brunch' },
      { name: 'file', value: pdfFile(), filename: 'brunch.pdf', contentType: 'application/pdf' },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/brands/${owner.brandId}/menu`,
      payload: menu.payload,
      headers: { ...menu.headers, ...owner.headers },
    });
    expect(res.statusCode).toBe(201);
    const key = res.json().data.menus[0].path as string;
    const file = await t.app.inject({ method: 'GET', url: `/files/${key}?download=1&name=Brunch.pdf` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('attachment; filename="Brunch.pdf"');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const upload = async () => {
      const m = multipart([
        { name: 'file', value: await pngImage(120, 80), filename: 'l.png', contentType: 'image/png' },
      ]);
      return t.app.inject({
        method: 'POST',
        url: `/api/v1/brands/${owner.brandId}/logo`,
        payload: m.payload,
        headers: { ...m.headers, ...owner.headers },
      });
    };
    const first = (await upload()).json().data.logo as string;
    expect((await t.app.inject({ method: 'GET', url: `/files/${first}` })).headers['content-type']).toBe('image/png');
    await upload();
    expect((await t.app.inject({ method: 'GET', url: `/files/${first}` })).statusCode).toBe(404);
    const cleared = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/brands/${owner.brandId}/field`,
      headers: owner.headers,
      payload: { field: 'logo' },
    });
    expect(cleared.json().data.logo).toBeNull();
  });
});
