import fs from 'node:fs';

import { defineConfig } from '@playwright/test';

/**
 * Debian's Chromium headless shell where it is installed: the same Blink and V8 without the full
 * browser around them, a sixth to two fifths faster on the same specs on two cores (ADR 029). The
 * specs that need what only the full browser has are tagged `@full-browser` and run in Debian's
 * full Chromium: the shell has no notifications (Web Push) and reports no installability error.
 */
const FULL_CHROMIUM = '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const fullChromium = process.env.CHROMIUM_PATH ?? FULL_CHROMIUM;
const chromium = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);
const executable = (path: string) => (fs.existsSync(path) ? path : undefined);
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

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
  },
  projects: [
    {
      name: 'chromium',
      grepInvert: /@full-browser/,
      use: { launchOptions: { executablePath: executable(chromium), args: ARGS } },
    },
    {
      name: 'full-chromium',
      grep: /@full-browser/,
      use: { launchOptions: { executablePath: executable(fullChromium), args: ARGS } },
    },
  ],
});
