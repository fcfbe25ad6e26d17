import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// In `npm run dev`, the API runs on 3001 and Vite proxies to it; `npm start` serves both on one port.
const api = process.env.VITE_API_PROXY ?? 'http://127.0.0.1:3001';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 3000,
    proxy: { '/api': api, '/files': api },
  },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 2000 },
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    testTimeout: 20_000,
  },
});
