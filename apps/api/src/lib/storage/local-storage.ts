import fs from 'node:fs';
import path from 'node:path';

import type { Storage } from './storage';
import { contentTypeOfKey } from './storage';

export class LocalStorage implements Storage {
  constructor(private readonly root: string) {}

  private resolve(key: string): string {
    const full = path.resolve(this.root, key);
    // Keys come from the server, but a path outside the root is refused all the same.
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error('invalid storage key');
    return full;
  }

  async put(key: string, body: Buffer): Promise<void> {
    const full = this.resolve(key);
    await fs.promises.mkdir(path.dirname(full), { recursive: true });
    await fs.promises.writeFile(full, body);
  }

  async get(key: string) {
    try {
      // A key outside the folder names no stored file: null, as for a missing one.
      const full = this.resolve(key);
      const stat = await fs.promises.stat(full);
      // A folder is not a file: 404, not a read error later (issue 11, item 8).
      if (!stat.isFile()) return null;
      return { body: fs.createReadStream(full), contentType: contentTypeOfKey(key), size: stat.size };
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.resolve(key), { force: true });
  }
}
