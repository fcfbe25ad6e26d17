/**
 * One API server per Playwright worker: what `npm start` runs (the compiled server on this same Node,
 * embedded PGlite) on a port and a data folder of the worker's own. The server's test clock is one
 * per server, so tests on one server run one at a time; workers run side by side, each on its own.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { STAFF, workerDataDir } from './api';

const root = path.resolve(import.meta.dirname, '../..');

/** The first worker's port; worker N listens on BASE_PORT + N. */
const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
const WEB_DIST = process.env.E2E_WEB_DIST ?? path.join(root, 'apps/web/dist');
const READY_TIMEOUT_MS = 120_000;

export interface E2eServer {
  url: string;
  stop(): Promise<void>;
}

async function ready(url: string, exited: () => string | null): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const gone = exited();
    if (gone) throw new Error(`the e2e server stopped before it was ready (${gone})`);
    const ok = await fetch(`${url}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the e2e server at ${url} was not ready in ${READY_TIMEOUT_MS / 1000} s`);
}

/** Starts worker `index`'s server on an empty data folder and waits until it answers /readyz. */
export async function startServer(index: number): Promise<E2eServer> {
  const port = BASE_PORT + index;
  const dataDir = workerDataDir(index);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const url = `http://127.0.0.1:${port}`;
  // As `npm start` runs it (ADR 026).
  const child = spawn(process.execPath, ['--max-semi-space-size=16', path.join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      TEST_CLOCK: '1',
      STAFF_EMAIL: STAFF.email,
      STAFF_PASSWORD: STAFF.password,
      LOG_LEVEL: 'warn',
      JOB_POLL_MS: '250',
      NODE_ENV: 'test',
      WEB_DIST,
      // phone.spec.ts's push service stand-in listens on the loopback address.
      PUSH_ALLOW_LOOPBACK: '1',
    },
  });
  child.stderr.on('data', (chunk: Buffer) => process.stderr.write(`[server ${index}] ${chunk.toString()}`));
  let exit: string | null = null;
  const exited = new Promise<void>((resolve) => {
    child.on('exit', (code, signal) => {
      exit = `exit ${code ?? signal}`;
      resolve();
    });
  });
  const stop = async () => {
    if (exit === null) child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (exit === null) child.kill('SIGKILL');
  };
  try {
    await ready(url, () => exit);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, stop };
}
