import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';

import { openDatabase } from './client';

const client = pathToFileURL(fileURLToPath(new URL('./client.ts', import.meta.url))).href;

/** Another process (as `npm start` would be) with the embedded database of `dataDir` open. */
function holdDatabase(dataDir: string): Promise<ChildProcess> {
  const code = [
    `const { openDatabase } = await import(${JSON.stringify(client)});`,
    `await openDatabase({ dataDir: ${JSON.stringify(dataDir)} });`,
    `console.log('open');`,
    'setInterval(() => {}, 1000);',
  ].join('\n');
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('open')) resolve(child);
    });
    child.on('exit', (status) => reject(new Error(`the holding process exited (${status})`)));
  });
}

describe('the embedded database serves one process at a time', () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const c of children) c.kill('SIGKILL');
  });

  it('refuses a second process in words while the first has it open, and takes over once it is gone', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comped-lock-'));
    const holder = await holdDatabase(dataDir);
    children.push(holder);

    await expect(openDatabase({ dataDir })).rejects.toThrow(
      `The embedded database in ${dataDir} is in use by another Comped process (pid ${holder.pid}).`,
    );

    // Killed without closing (a crash): its lock is left behind, and the next process takes it over.
    const gone = new Promise((resolve) => holder.once('exit', resolve));
    holder.kill('SIGKILL');
    await gone;
    const database = await openDatabase({ dataDir });
    const lock = path.join(dataDir, 'comped.lock');
    expect(fs.readFileSync(lock, 'utf8')).toBe(String(process.pid));
    const result = (await database.db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] };
    expect(result.rows).toEqual([{ one: 1 }]);
    await database.close();
    expect(fs.existsSync(lock)).toBe(false);
  });
});
