import { defineConfig } from 'vitest/config';

// `npm run test:faults`: real server processes on a throwaway PostgreSQL cluster (faults/).
export default defineConfig({
  test: {
    include: ['faults/**/*.test.ts'],
    globalSetup: ['./faults/support/build-server.ts'],
    testTimeout: 240_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
