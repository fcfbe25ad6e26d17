import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The snackbar's text is written twice: in the visible alert and in a hidden polite live region
// for screen readers (lib/snackbar.tsx). Text queries find what a sighted user sees; the live
// region has its own test (lib/snackbar.test.tsx).
configure({ defaultIgnore: 'script, style, [data-testid="snackbar-announcer"]' });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
