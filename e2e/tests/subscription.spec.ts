import type { APIRequestContext, Page } from '@playwright/test';

import { expectNoSeriousA11yViolations } from '../support/a11y';
import { logInThroughForm, registerBrand } from '../support/setup';
import { expect, test } from '../support/test';

const PASSWORD = 'secret-password';

/** A new brand, signed up through POST registerbrand (no plan yet). */
async function newBrand(request: APIRequestContext, name: string): Promise<string> {
  const { email } = await registerBrand(request, {
    emailPrefix: 'subs',
    name,
    address: '8 Market St',
    password: PASSWORD,
    phones: '5551230000',
    zip: '10002',
  });
  return email;
}

async function logIn(page: Page, email: string) {
  await logInThroughForm(page, email, PASSWORD);
  // A brand without a plan lands on /plans.
  await expect(page).toHaveURL(/\/plans$/);
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Cardholder name').fill('Pat Owner');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
}

test('a new brand is held on /plans, pays with a test card and lands on /profile', async ({ page, request }) => {
  const email = await newBrand(request, 'Harbor Oyster Bar');
  await logIn(page, email);
  await expect(page).toHaveURL(/\/plans$/);

  // The workspace stays closed until the brand pays.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/plans$/);
  await expect(page.getByRole('heading', { name: 'Brand Plan' })).toBeVisible();
  await expect(page.getByText('$99 per month for the first 3 months, then $149* per month')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/plans\/payment$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Secure payment' })).toBeVisible();
  await expect(page.getByText('Renews monthly')).toBeVisible();
  for (const brand of ['Visa', 'MasterCard', 'AMEX', 'Discover'])
    await expect(page.getByRole('img', { name: brand })).toBeVisible();
  const pay = page.getByRole('button', { name: 'Pay now' });
  await expect(pay).toBeDisabled();
  if (process.env.E2E_SCREENSHOT_DIR) {
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOT_DIR}/plans-payment.png`, fullPage: true });
  }
  await expectNoSeriousA11yViolations(page);

  await fillCard(page, '4242 4242 4242 4242');
  await expect(pay).toBeEnabled();
  await pay.click();
  await expect(page).toHaveURL(/\/profile$/);

  // With a plan, the plan pages send the brand back to its profile.
  await page.goto('/plans');
  await expect(page).toHaveURL(/\/profile$/);
  const status = await page.evaluate(async () => {
    const session = JSON.parse(localStorage.getItem('comped.session') ?? '{}') as { token: string };
    const res = await fetch('/api/v1/subscriptions/status', { headers: { authorization: `Bearer ${session.token}` } });
    return ((await res.json()) as { data: { status: string } }).data.status;
  });
  expect(status).toBe('active');
});

test('a declined card shows the provider message and the brand stays on checkout', async ({ page, request }) => {
  const email = await newBrand(request, 'Declined Diner');
  await logIn(page, email);
  await expect(page).toHaveURL(/\/plans$/);
  await page.goto('/plans/payment');
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByText('Your card was declined.')).toBeVisible();
  await expect(page).toHaveURL(/\/plans\/payment$/);

  // An invalid number is listed under the form, without a call to the server.
  await page.getByLabel('Card number').fill('4242 4242 4242 4241');
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByRole('list', { name: 'Card errors' })).toContainText('Your card number is invalid.');
  await expect(page.getByText('Your card was declined.')).toBeHidden();
  if (process.env.E2E_SCREENSHOT_DIR) {
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOT_DIR}/plans-payment-errors.png`, fullPage: true });
  }
  await expectNoSeriousA11yViolations(page);
});

test('checkout on a phone: one column, every field reachable', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = await newBrand(request, 'Pocket Cafe');
  await logIn(page, email);
  await page.goto('/plans/payment');
  await expect(page.getByRole('heading', { level: 1, name: 'Secure payment' })).toBeVisible();
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(390);
  await page.getByLabel('Cardholder name').focus();
  await page.keyboard.type('Pat Owner');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Card number')).toBeFocused();
  if (process.env.E2E_SCREENSHOT_DIR) {
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOT_DIR}/plans-payment-mobile.png`, fullPage: true });
  }
});

/** The brand's subscription status as the API reports it, read with the page's own session. */
async function statusInPage(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const session = JSON.parse(localStorage.getItem('comped.session') ?? '{}') as { token: string };
    const res = await fetch('/api/v1/subscriptions/status', { headers: { authorization: `Bearer ${session.token}` } });
    return ((await res.json()) as { data: { status: string } }).data.status;
  });
}

test('a card that asks for 3-D Secure: the brand completes the challenge and lands on /profile with an active plan', async ({
  page,
  request,
}) => {
  // Sign-up, checkout, the challenge and an accessibility scan: more than the default budget on a busy machine.
  test.slow();
  // The local provider works offline: no request ever goes to the hosted provider's script.
  const stripeRequests: string[] = [];
  page.on('request', (r) => {
    if (/stripe/i.test(r.url())) stripeRequests.push(r.url());
  });
  const email = await newBrand(request, 'Secure Supper Club');
  await logIn(page, email);
  await page.goto('/plans/payment');
  await fillCard(page, '4000 0027 6000 3184');
  await page.getByRole('button', { name: 'Pay now' }).click();

  const challenge = page.getByRole('dialog', { name: 'Authenticate this payment' });
  await expect(challenge).toBeVisible();
  await expect(challenge.getByText('$99')).toBeVisible();
  await expect(challenge.getByText('Visa ending in 3184')).toBeVisible();
  // Not active while the challenge waits.
  expect(await statusInPage(page)).toBe('inexistent');
  await expect(page).toHaveURL(/\/plans\/payment$/);
  if (process.env.E2E_SCREENSHOT_DIR) {
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOT_DIR}/plans-payment-3ds.png`, fullPage: true });
  }
  await expectNoSeriousA11yViolations(page);

  await challenge.getByRole('button', { name: 'Complete' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  expect(await statusInPage(page)).toBe('active');
  expect(stripeRequests).toEqual([]);
});

test("a failed 3-D Secure challenge shows the provider's message; the brand can pay with another card", async ({
  page,
  request,
}) => {
  test.slow();
  const email = await newBrand(request, 'Failed Challenge Cafe');
  await logIn(page, email);
  await page.goto('/plans/payment');
  await fillCard(page, '4000 0027 6000 3184');
  await page.getByRole('button', { name: 'Pay now' }).click();
  const challenge = page.getByRole('dialog', { name: 'Authenticate this payment' });
  await challenge.getByRole('button', { name: 'Fail' }).click();
  await expect(challenge).toBeHidden();
  await expect(
    page.getByText(
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/plans\/payment$/);
  expect(await statusInPage(page)).toBe('inexistent');

  // Another card that needs no challenge goes through at once.
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  expect(await statusInPage(page)).toBe('active');
});
