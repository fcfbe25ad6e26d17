import fs from 'node:fs';
import path from 'node:path';

import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
const root = path.resolve(import.meta.dirname, '..');
const dataDir = process.env.E2E_DATA_DIR ?? path.join(root, '.e2e-data');
const webDist = process.env.E2E_WEB_DIST ?? path.join(root, 'apps/web/dist');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  // The test clock is one per server: tests run one at a time so none moves time under another.
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
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
  webServer: {
    // What `npm start` and the image run: the compiled server (built first if its sources changed), on
    // this same Node.
    command: `rm -rf "${dataDir}" && "${process.execPath}" scripts/build.mjs api && exec "${process.execPath}" apps/api/dist/server.js`,
    cwd: root,
    url: `${BASE_URL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
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
  },
});
