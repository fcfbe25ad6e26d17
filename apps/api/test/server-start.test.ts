import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const serverTs = fileURLToPath(new URL('../src/server.ts', import.meta.url));

/** `npm start`'s server as its own process: its exit status and what it printed on stderr. */
function startServer(env: Record<string, string>): Promise<{ status: number | null; stderr: string }> {
  const { DATABASE_URL: _db, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', serverTs], {
    env: { ...inherited, NODE_ENV: 'development', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve) =>
    child.on('exit', (status) => {
      clearTimeout(timer);
      resolve({ status, stderr });
    }),
  );
}

describe('npm start when its port is taken', () => {
  let other: net.Server | undefined;
  afterEach(() => other?.close());

  it('says so in words and how to go on, without a stack trace, and leaves the database free', async () => {
    other = net.createServer();
    await new Promise<void>((resolve) => other!.listen(0, '127.0.0.1', resolve));
    const port = (other.address() as net.AddressInfo).port;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comped-port-'));

    const { status, stderr } = await startServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web-build'),
    });

    expect(status).toBe(1);
    expect(stderr.trim()).toBe(
      `Port ${port} on 127.0.0.1 is in use by another program (another \`npm start\`?). ` +
        `Stop it, or start Comped on another port: PORT=${port + 1} npm start`,
    );
    // The embedded database was closed on the way out: its lock is gone.
    expect(fs.existsSync(path.join(dataDir, 'comped.lock'))).toBe(false);
  }, 90_000);
});
