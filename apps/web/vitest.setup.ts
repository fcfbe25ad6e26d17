import '@testing-library/jest-dom/vitest';

import { createRequire } from 'node:module';

import { cleanup } from '@testing-library/preact';
import { afterAll, afterEach } from 'vitest';

import { runPendingEffects } from './src/lib/react/preact-compat';

afterEach(() => {
  cleanup();
  // Effects still waiting for a frame run now, while the test's page exists: on a timer, one ran
  // after the environment was torn down ("window is not defined").
  runPendingEffects();
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
