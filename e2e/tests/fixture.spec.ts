/**
 * The shared fixture (support/test.ts) must be able to fail a test: each case provokes one kind of
 * breakage, checks the fixture saw it, then allows it so the case itself passes.
 */
import { expect, test } from '../support/test';

test('a console error is seen', async ({ page, breakage }) => {
  await page.goto('/login');
  await page.evaluate(() => console.error('fixture self-test: console'));
  await expect.poll(() => breakage.problems.join('\n')).toContain('fixture self-test: console');
  breakage.allow(/fixture self-test: console/);
});

test('an uncaught page error is seen', async ({ page, breakage }) => {
  await page.goto('/login');
  await page.evaluate(() =>
    setTimeout(() => {
      throw new Error('fixture self-test: uncaught');
    }, 0),
  );
  await expect.poll(() => breakage.problems.join('\n')).toContain('uncaught page error');
  breakage.allow(/fixture self-test: uncaught/);
});

test('an API answer >= 500 is seen', async ({ page, breakage }) => {
  await page.route('**/api/v1/subscriptions/products', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"down"}' }),
  );
  await page.goto('/signup');
  await expect.poll(() => breakage.problems.join('\n')).toContain('HTTP 503');
  breakage.allow(/HTTP 503|status of 503/);
});

test('an error screen is seen even when nothing is logged', async ({ page, breakage }) => {
  await page.goto('/login');
  await page.evaluate(() => {
    const h = document.createElement('h2');
    h.textContent = 'Unexpected Application Error!';
    document.body.append(h);
  });
  await expect.poll(() => breakage.problems.join('\n')).toContain('error screen');
  breakage.allow(/error screen/);
});

test('a serious accessibility violation in a dialog is seen before the next step', async ({ page, breakage }) => {
  await page.goto('/login');
  await page.evaluate(() => {
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-label', 'Fixture self-test');
    // An icon button without a name: axe's button-name rule, critical.
    dialog.append(document.createElement('button'));
    document.body.append(dialog);
  });
  // Any auto-waiting assertion (or action) lets the fixture look at the open dialog first.
  await expect(page.getByRole('dialog', { name: 'Fixture self-test' })).toBeVisible();
  expect(breakage.problems.join('\n')).toMatch(/axe in dialog "Fixture self-test".*button-name \(critical\)/);
  breakage.allow(/axe in dialog "Fixture self-test"/);
});
