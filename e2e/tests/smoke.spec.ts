import type { Response } from '@playwright/test';

import { expect, test } from '../support/test';

test('an unknown path sends a visitor to /login', async ({ page }) => {
  await page.goto('/somewhere/unknown');
  await expect(page).toHaveURL(/\/login$/);
});

test('a first load paints the page itself, with no loading screen before it', async ({ page }) => {
  // Every text the page ever shows while it loads, from its first paint (main.tsx waits for the
  // page's code and first reads before rendering).
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    new MutationObserver(() => seen.push(document.body?.innerText ?? '')).observe(document, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  });
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create Account', level: 1 })).toBeVisible();
  const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
  expect(seen.some((text) => text.includes('Create Account'))).toBe(true);
  expect(seen.filter((text) => text.includes('Loading Comped'))).toEqual([]);
});

test('a first load whose code is slow shows a spinner after a moment, then the page', async ({ page }) => {
  // Hold /signup's own chunk (a lazy route) until the spinner has been seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/signup-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/signup');
  const loading = page.getByRole('status').filter({ hasText: 'Loading Comped' });
  await expect(loading).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create Account' })).toHaveCount(0);
  release();
  await expect(page.getByRole('heading', { name: 'Create Account', level: 1 })).toBeVisible();
  await expect(loading).toHaveCount(0);
});

test('every script a first load runs opens with the compile hint, as the browser receives it', async ({ page }) => {
  // Chrome compiles such a file's functions while it downloads (vite.config.ts,
  // compileWhileDownloading); V8 reads the hint only on the file's first line. The bodies are the
  // compressed copies the server sends, as the browser decoded them.
  const scripts: Response[] = [];
  const collect = (response: Response) => {
    if (/\/assets\/[^/]+\.js$/.test(response.url())) scripts.push(response);
  };
  page.on('response', collect);
  await page.goto('/signup');
  await expect(page.getByRole('tab', { name: 'For Brands' })).toBeVisible();
  page.off('response', collect);
  expect(scripts.length).toBeGreaterThan(3);
  const without: string[] = [];
  for (const script of scripts) {
    if (!(await script.text()).startsWith('//# allFunctionsCalledOnLoad\n')) without.push(script.url());
  }
  expect(without).toEqual([]);
});
