import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  s3 = new S3Storage({
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'comped-test',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    region: 'us-east-1',
  });
});

afterAll(async () => {
  s3?.destroy();
  await server?.close();
  fs.rmSync(s3dir, { recursive: true, force: true });
  fs.rmSync(localRoot, { recursive: true, force: true });
});

contract('S3Storage (s3rver)', () => s3!);
