import fs from 'node:fs';
import path from 'node:path';

import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';

type WebServer = Extract<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>[number];

const PORT = Number(process.env.E2E_PORT ?? 3100);
const root = path.resolve(import.meta.dirname, '..');
const dataRoot = process.env.E2E_DATA_DIR ?? path.join(root, '.e2e-data');
const webDist = process.env.E2E_WEB_DIST ?? path.join(root, 'apps/web/dist');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The suite runs on two servers at once, each with its own test clock and data, one spec file at a
 * time on each: a spec moves time only under itself. Half the files go to each server (by their
 * usual run time); a new spec file joins the second. `--project=a` or `=b` runs one half.
 */
const FIRST_HALF = [
  'role-walk',
  'keyboard',
  'auth',
  'tasks',
  'directory',
  'teams',
  'brand-workspace',
  'smoke',
  'fixture',
].map((name) => `**/${name}.spec.ts`);
const SERVERS = [
  { name: 'a', port: PORT, dataDir: path.join(dataRoot, 'a') },
  { name: 'b', port: PORT + 1, dataDir: path.join(dataRoot, 'b') },
];

function webServer(server: (typeof SERVERS)[number]): WebServer {
  return {
    // What `npm start` and the image run: the compiled server (built first if its sources changed), on
    // this same Node.
    command: `rm -rf "${server.dataDir}" && "${process.execPath}" scripts/build.mjs api && exec "${process.execPath}" apps/api/dist/server.js`,
    cwd: root,
    url: `http://127.0.0.1:${server.port}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(server.port),
      HOST: '127.0.0.1',
      DATA_DIR: server.dataDir,
      TEST_CLOCK: '1',
      STAFF_EMAIL: 'staff@comped.test',
      STAFF_PASSWORD: 'staff-password',
      LOG_LEVEL: 'warn',
      JOB_POLL_MS: '250',
      NODE_ENV: 'test',
      WEB_DIST: webDist,
      // phone.spec.ts's push service stand-in listens on the loopback address.
      PUSH_ALLOW_LOOPBACK: '1',
    },
  };
}

export default defineConfig({
  testDir: './tests',
  // One worker per server (the projects below): the test clock is one per server.
  workers: Number(process.env.E2E_WORKERS ?? SERVERS.length),
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The service worker (the installable app) would serve the built files from its precache, past
    // page.route: specs test the app as the network gives it, phone.spec.ts turns it on.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: fs.existsSync(chromium) ? chromium : undefined,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: SERVERS.map((server, index) => ({
    name: server.name,
    workers: 1,
    ...(index === 0 ? { testMatch: FIRST_HALF } : { testIgnore: FIRST_HALF }),
    use: { baseURL: `http://127.0.0.1:${server.port}` },
    // support/api.ts reads the server's mail folder from here.
    metadata: { dataDir: server.dataDir },
  })),
  webServer: SERVERS.map(webServer),
});
