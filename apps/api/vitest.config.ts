import { defineConfig } from 'vitest/config';

// Files that replace a module (vi.mock) run in a process of their own; the rest share their
// worker's module cache, so the app's modules load once per worker rather than once per file.
const OWN_PROCESS = ['src/modules/bookings/visit-times.test.ts', 'test/security/staff-password.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores on these machines: two workers keep PGlite files from starving each other.
    maxWorkers: 2,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: OWN_PROCESS,
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: OWN_PROCESS } },
    ],
  },
});
