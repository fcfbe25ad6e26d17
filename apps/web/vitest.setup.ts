import '@testing-library/jest-dom/vitest';

import { createRequire } from 'node:module';

import { cleanup } from '@testing-library/preact';
import { afterAll, afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// The app runs on Preact (docs/decisions/031-preact.md). React is installed as MUI's peer; a library
// that loaded it would be tested with another renderer than the one that ships.
afterAll(() => {
  const react = Object.keys(createRequire(import.meta.url).cache).filter((file) =>
    /[\\/]node_modules[\\/]react(-dom)?[\\/]/.test(file),
  );
  if (react.length > 0) throw new Error(`React itself was loaded: ${react.join(', ')} (see vite.config.ts, test)`);
});
