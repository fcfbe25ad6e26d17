import { expect, test } from '../support/test';

test('an unknown path sends a visitor to /login', async ({ page }) => {
  await page.goto('/somewhere/unknown');
  await expect(page).toHaveURL(/\/login$/);
});
