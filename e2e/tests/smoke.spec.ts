import { expect, test } from '../support/test';

test('an unknown path sends a visitor to /login', async ({ page }) => {
  await page.goto('/somewhere/unknown');
  await expect(page).toHaveURL(/\/login$/);
});

test('a first load shows a spinner while the page downloads its code, then the page', async ({ page }) => {
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
