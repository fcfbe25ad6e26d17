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
        // Everything the entry imports statically (React, the router, MUI's core, /login) in one chunk,
        // instead of some twenty small shared ones: fewer requests before the first paint, better gzip,
        // and nothing more downloaded (docs/performance.md, Web). Lazy routes keep automatic chunking.
        codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
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
