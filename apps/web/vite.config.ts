import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';

// In `npm run dev`, the API runs on 3001 and Vite proxies to it; `npm start` serves both on one port.
const api = process.env.VITE_API_PROXY ?? 'http://127.0.0.1:3001';

export default defineConfig({
  // Brotli and gzip copies beside every text asset at build time: the server sends them as they are
  // (@fastify/static preCompressed), never compressing per request.
  plugins: [react(), compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024 })],
  server: {
    port: 3000,
    proxy: { '/api': api, '/files': api },
  },
  // No source maps in the build: they would be published with the assets (issue 11).
  build: {
    outDir: 'dist',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Fewer, larger chunks (docs/performance.md, Web). `initial`: everything the entry imports
        // statically (React, the router, MUI's core, /login) in one chunk instead of some twenty small
        // shared ones, nothing more downloaded. `mui` and `schemas`: the rest of MUI and emotion, and
        // the shared schemas with zod and the form resolver, each one chunk that the lazy routes share
        // and cache, instead of dozens of 1-2 KB chunks per page (a signed-in page made 80 requests):
        // a few KB more on a route's first visit, half the requests.
        codeSplitting: {
          groups: [
            { name: 'initial', tags: ['$initial'], priority: 2 },
            {
              name: 'mui',
              test: /node_modules[\\/](@mui[\\/](material|system|utils)|@emotion|react-transition-group|@popperjs)[\\/]/,
              priority: 1,
            },
            {
              name: 'schemas',
              test: /packages[\\/]shared[\\/]src[\\/]|node_modules[\\/](zod|@hookform)[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    testTimeout: 20_000,
  },
});
