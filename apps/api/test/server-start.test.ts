import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { buildCompiledServer } from './compiled-server';

const WEB_DIST = path.resolve(import.meta.dirname, '../../web/dist');
let server: string;

beforeAll(() => {
  server = buildCompiledServer();
}, 60_000);

interface Started {
  exited: Promise<number | null>;
  running: () => boolean;
  stop: () => void;
  output: () => string;
}

/** `npm start`'s server as its own process: plain `node` on the compiled file, no TypeScript loader. */
function startServer(env: Record<string, string>): Started {
  const { DATABASE_URL: _db, NODE_OPTIONS: _options, WEB_DIST: _web, ...inherited } = process.env;
  const child = spawn(process.execPath, [server], {
    cwd: os.tmpdir(),
    env: { ...inherited, NODE_ENV: 'development', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let running = true;
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (status) => {
      running = false;
      clearTimeout(timer);
      resolve(status);
    }),
  );
  return { exited, running: () => running, stop: () => child.kill('SIGTERM'), output: () => output };
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('the compiled server (apps/api/dist/server.js)', () => {
  it('starts on plain node, migrates, answers /readyz, serves the web build and stops on SIGTERM', async () => {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comped-compiled-'));
    const started = startServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STAFF_PASSWORD: 'staff-password',
      // Where the bundle looks for the web build by itself: the warning names it when it is absent.
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
    });
    let ready: Response | undefined;
    for (let i = 0; i < 240 && !ready && started.running(); i += 1) {
      ready = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
      if (!ready) await new Promise((r) => setTimeout(r, 250));
    }
    expect(ready?.status, started.output()).toBe(200);
    expect(await ready!.json()).toEqual({ status: 'ready' });

    // The web build it finds without WEB_DIST is apps/web/dist, from the bundle's place as from the source's.
    const home = await fetch(`http://127.0.0.1:${port}/`);
    if (fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
      expect(home.status).toBe(200);
      expect(await home.text()).toBe(fs.readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8'));
    } else {
      expect(started.output()).toContain(JSON.stringify(WEB_DIST));
    }

    started.stop();
    expect(await started.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'comped.lock'))).toBe(false);
  }, 90_000);
});

describe('npm start when its port is taken', () => {
  let other: net.Server | undefined;
  afterEach(() => other?.close());

  it('says so in words and how to go on, without a stack trace, and leaves the database free', async () => {
    other = net.createServer();
    await new Promise<void>((resolve) => other!.listen(0, '127.0.0.1', resolve));
    const port = (other.address() as net.AddressInfo).port;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comped-port-'));

    const started = startServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web-build'),
    });

    expect(await started.exited).toBe(1);
    expect(started.output().trim()).toBe(
      `Port ${port} on 127.0.0.1 is in use by another program (another \`npm start\`?). ` +
        `Stop it, or start Comped on another port: PORT=${port + 1} npm start`,
    );
    // The embedded database was closed on the way out: its lock is gone.
    expect(fs.existsSync(path.join(dataDir, 'comped.lock'))).toBe(false);
  }, 90_000);
});
