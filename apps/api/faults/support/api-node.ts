import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { COMPILED_SERVER } from '../../test/compiled-server';

const API_DIR = path.resolve(import.meta.dirname, '../..');

/**
 * One real API node, with its own port and environment: the compiled server on plain `node`, as the
 * image runs it (built by the suite's global setup).
 */
export class ApiNode {
  readonly url: string;
  readonly output: string[] = [];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly child: ChildProcess;

  constructor(
    readonly name: string,
    readonly port: number,
    env: Record<string, string>,
  ) {
    this.url = `http://127.0.0.1:${port}`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `comped-faults-${name}-`));
    this.child = spawn(process.execPath, [COMPILED_SERVER], {
      cwd: API_DIR,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? os.tmpdir(),
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        WEB_DIST: path.join(dataDir, 'no-web'),
        LOG_FORMAT: 'json',
        LOG_LEVEL: 'warn',
        STAFF_EMAIL: 'staff@faults.test',
        STAFF_PASSWORD: 'staff-password',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      this.output.push(chunk.toString());
      if (this.output.length > 500) this.output.shift();
    };
    this.child.stdout?.on('data', keep);
    this.child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code, signal) => {
        fs.rmSync(dataDir, { recursive: true, force: true });
        resolve({ code, signal });
      });
    });
  }

  get pid(): number {
    return this.child.pid ?? 0;
  }

  /** Waits until `/readyz` answers 200 (migrated, seeded, listening, database reachable). */
  async ready(timeoutMs = 150_000): Promise<number> {
    const start = Date.now();
    let exited = false;
    void this.exited.then(() => (exited = true));
    while (Date.now() - start < timeoutMs) {
      if (exited) throw new Error(`${this.name} exited before it was ready:\n${this.output.join('')}`);
      try {
        const res = await fetch(`${this.url}/readyz`);
        if (res.status === 200) return Date.now() - start;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    throw new Error(`${this.name} not ready after ${timeoutMs} ms:\n${this.output.join('')}`);
  }

  kill(signal: NodeJS.Signals): void {
    this.child.kill(signal);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 20_000);
    await this.exited;
    clearTimeout(timer);
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `check` returns a value other than undefined/false. */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false>,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() - start > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(50);
  }
}
