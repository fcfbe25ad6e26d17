import fs from 'node:fs';

import { defineConfig } from '@playwright/test';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  // Each worker starts a server of its own (support/server.ts): the test clock is one per server, so a
  // server's tests run one at a time, and two workers keep both cores busy while one waits.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    // A trace records every action's snapshot and screenshots as the test runs, which costs about a
    // sixth of a run's time on two cores: it is taken on the retry of a failed test (CI retries once),
    // or asked for with `--trace on`.
    trace: 'on-first-retry',
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
});
