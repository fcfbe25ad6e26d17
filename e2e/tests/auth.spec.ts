import fs from 'node:fs';

import { MSG } from '@comped/shared/messages';
import type { Page } from '@playwright/test';

import { expectNoSeriousA11yViolations } from '../support/a11y';
import { deliveredSecret, STAFF, uniqueEmail, waitForMail } from '../support/api';
import { approvedMediaUser, logInThroughForm } from '../support/setup';
import { asUsersBuild, expect, test } from '../support/test';

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/e2e-auth-shots';

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function changePassword(page: Page, password: string) {
  await expect(page).toHaveURL(/\/settings\/password-change$/);
  await expect(page.getByText(/signed in with a temporary password/)).toBeVisible();
  await page.getByLabel(/^New password/).fill(password);
  await page.getByLabel(/^Confirm new password/).fill(password);
  await page.getByRole('button', { name: 'Change password' }).click();
}

function mailValue(text: string, label: string): string {
  const value = new RegExp(`^${label}: (\\S+)$`, 'm').exec(text)?.[1];
  if (!value) throw new Error(`no "${label}" in mail:\n${text}`);
  return value;
}

// Issue 23: the session lives in local storage, shared by the tabs of a browser; each tab follows the
// others' sign-out and sign-in through the `storage` event, without a reload and without waiting for a
// request of its own to be refused.
test('signing out in one tab signs the other tabs out; signing in again signs them in', async ({
  context,
  page,
  request,
}) => {
  const password = 'tabs-password';
  const media = await approvedMediaUser(request, {
    emailPrefix: 'tabs',
    type: 'influencer',
    name: 'Tess Tabs',
    instagram: 'tess.tabs',
    password,
  });
  await logInThroughForm(page, media.email, password);
  await expect(page).toHaveURL(/\/campaigns$/);
  const other = await context.newPage();
  // The other tab has loaded all it reads (the bell, the inbox's unread count) before the sign-out: a
  // request under way as the first tab signs out is refused whatever the tab does.
  const shellRead = (path: string) =>
    other.waitForResponse((r) => new URL(r.url()).pathname === `/api/v1/${path}` && r.status() === 200);
  const shellReads = Promise.all([shellRead('notifications'), shellRead('conversations')]);
  await other.goto('/settings');
  await expect(other.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await shellReads;
  // Marks this document: still there after both changes, so neither was a reload.
  await other.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const refused: string[] = [];
  other.on('response', (r) => {
    if (r.status() === 401) refused.push(r.url());
  });
  const sameDocument = () => other.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument);

  await signOut(page);
  await expect(other).toHaveURL(/\/login$/);
  await expect(other.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
  expect(await sameDocument()).toBe(true);

  await logInThroughForm(page, media.email, password);
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(other).toHaveURL(/\/campaigns$/);
  await expect(other.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  expect(await sameDocument()).toBe(true);
  expect(refused, 'the other tab learnt it from the storage event, not from a refused request').toEqual([]);
});

test('a signed-in page opened while signed out (a link in a mail) comes back once signed in', async ({
  page,
  request,
}) => {
  const media = await approvedMediaUser(request, {
    emailPrefix: 'deep-link',
    type: 'influencer',
    name: 'Dee Link',
    instagram: 'dee.link',
  });
  await page.goto('/bookings/past');
  await expect(page).toHaveURL(/\/login\?next=%2Fbookings%2Fpast$/);
  await page.getByLabel(/^Email/).fill(media.email);
  await page.getByLabel(/^Password/).fill('media-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/bookings\/past$/);
  await expect(page.getByRole('heading', { name: 'Bookings', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Past', selected: true })).toBeVisible();
});

test('a brand signs up and lands on /plans', async ({ page }) => {
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'SIGN UP AS A BRAND' })).toBeVisible();
  await expect(page.getByText('Brand Plan')).toBeVisible();
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/signup.png`, fullPage: true });
  await page.getByLabel(/^Brand Name/).fill('Blue Fig Bistro');
  await page.getByLabel(/^Street Address/).fill('12 Harbor Road');
  await page.getByLabel(/^Zip Code/).fill('10001');
  await page.getByLabel(/^Phone Number/).fill('5551234567');
  await page.getByLabel(/^Your Email/).fill(uniqueEmail('brand'));
  await page.getByLabel(/^Password/).fill('secret-pass');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/plans$/);
});

test('a media user applies, staff approve, and the user signs in with the mailed credentials', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('media');
  const name = `Ana Lens ${Date.now().toString(36)}`;
  await page.goto('/signup');
  await page.getByRole('tab', { name: 'For Media' }).click();
  await expect(page.getByRole('heading', { name: 'SIGN UP AS MEDIA' })).toBeVisible();
  // The brand form stays in the page, hidden, with what was typed in it: the media tab's fields by role.
  await page.getByRole('textbox', { name: /^Your Name/ }).fill(name);
  await page.getByRole('textbox', { name: /^Your Email/ }).fill(email);
  await page.getByRole('textbox', { name: /^Instagram/ }).fill('ana.lens');
  await page.getByRole('button', { name: 'Apply now' }).click();
  const dialog = page.getByRole('dialog', { name: MSG.excitingTimes });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Staff approve it in the console.
  await logInThroughForm(page, STAFF.email, STAFF.password);
  await expect(page).toHaveURL(/\/admin$/);
  const card = page.getByRole('article', { name });
  await expect(card).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/admin.png`, fullPage: true });
  await card.getByRole('button', { name: `Approve ${name}` }).click();
  const approve = page.getByRole('dialog', { name: `Approve ${name}?` });
  await approve.getByRole('combobox', { name: /Tier/ }).click();
  await page.getByRole('option', { name: /^Tier 2/ }).click();
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(`${name} was approved`)).toBeVisible();
  await expect(card).toBeHidden();
  await page.getByRole('tab', { name: 'Approved' }).click();
  await expect(page.getByRole('article', { name })).toContainText('Tier 2');
  await page.getByRole('link', { name: 'Outbox' }).click();
  await expect(page.getByText('Welcome to Comped: your login credentials').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/outbox.png`, fullPage: true });
  await signOut(page);

  // The credentials mail, then the forced password change.
  const mail = await waitForMail(request, email, /login credentials/);
  expect(mail.text).toContain('/login');
  // The Outbox never shows the initial password; the delivered mail has it.
  expect(mailValue(mail.text, 'Password')).toBe('••••••••');
  const password = await deliveredSecret(email, /login credentials/, 'Password');
  await logInThroughForm(page, email, password);
  await changePassword(page, 'my-own-password');
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(page.getByText(MSG.settingsUpdated)).toBeVisible();
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  await expect(sidebar.getByRole('link', { name: 'Tasks' })).toBeVisible();
  await expect(sidebar.getByText(name)).toBeVisible();

  // The initial password was single use; the new one works.
  await signOut(page);
  await logInThroughForm(page, email, password);
  await expect(page.getByText(MSG.incorrectLogin)).toBeVisible();
  await logInThroughForm(page, email, 'my-own-password');
  await expect(page).toHaveURL(/\/campaigns$/);
});

test('password reset: a temporary password by e-mail, then a forced change', async ({ page, request }) => {
  const email = uniqueEmail('reset');
  const res = await request.post('/api/v1/registerbrand', {
    data: { name: 'Reset Cafe', email, address: '1 Main St', zip: '10001', phones: '5550000000', password: 'old-pass' },
  });
  expect(res.status()).toBe(201);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password' }).click();
  await expect(page).toHaveURL(/\/password-reset$/);
  await expect(page.getByRole('heading', { name: 'Forgot your password' })).toBeVisible();
  const button = page.getByRole('button', { name: 'Reset my password' });
  await expect(button).toBeDisabled();
  await page.getByLabel(/^Email/).fill(email);
  await button.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(MSG.resetSuccess);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/login$/);

  const mail = await waitForMail(request, email, /temporary/);
  expect(mailValue(mail.text, 'Temporary password')).toBe('••••••••');
  const temporary = await deliveredSecret(email, /temporary/, 'Temporary password');
  await logInThroughForm(page, email, temporary);
  await changePassword(page, 'brand-new-pass');
  // A brand without a plan goes to /plans.
  await expect(page).toHaveURL(/\/plans$/);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await page.getByLabel(/^Name/).fill('Reset Cafe Owner');
  // A name alone needs no current password.
  await expect(page.getByLabel(/^Current password/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(MSG.settingsUpdated)).toBeVisible();

  // A chosen password change asks for the current password first (re-authentication).
  await page.goto('/settings/password-change');
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await expect(page.getByText(/signed in with a temporary password/)).toHaveCount(0);
  await page.getByLabel(/^New password/).fill('third-password');
  await page.getByLabel(/^Confirm new password/).fill('third-password');
  await page.getByLabel(/^Current password/).fill('not-my-password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(MSG.currentPasswordWrong)).toBeVisible();
  await page.getByLabel(/^Current password/).fill('brand-new-pass');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/plans$/);
  await expect(page.getByText(MSG.settingsUpdated)).toBeVisible();
});

test('empty required fields show "This field is required."', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText(MSG.required)).toHaveCount(2);

  await page.goto('/signup');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText(MSG.required)).toHaveCount(6);

  await page.getByRole('tab', { name: 'For Media' }).click();
  // The brand form keeps its errors, hidden: count the media tab's own.
  const media = page.getByRole('tabpanel');
  await page.getByRole('radio', { name: 'Journalist' }).check();
  await page.getByRole('button', { name: 'Apply now' }).click();
  await expect(media.getByText(MSG.required)).toHaveCount(6);
  await page.getByRole('radio', { name: 'Influencer' }).check();
  await expect(media.getByText(MSG.required)).toHaveCount(0);
  await page.getByRole('tab', { name: 'For Brands' }).click();
  await expect(page.getByRole('tabpanel').getByText(MSG.required)).toHaveCount(6);
});

// /signup paints its forms without zod: a form's rules download once the user starts on it. Should
// they not arrive, the values go to the server, whose messages show under their fields.
test.describe('sign-up without its rules', () => {
  // The service worker would answer the chunks itself, out of the test's reach.
  test.use({ serviceWorkers: 'block' });

  test("sign-up paints without its rules, and shows the server's messages when they cannot load", async ({
    page,
    breakage,
  }) => {
    breakage.allow(/net::ERR_FAILED/);
    await asUsersBuild(page);
    const rulesAsked: string[] = [];
    await page.route(/\/assets\/(zod-|validation~)/, (route) => {
      rulesAsked.push(route.request().url());
      return route.abort();
    });
    await page.goto('/signup');
    await expect(page.getByRole('heading', { name: 'SIGN UP AS A BRAND' })).toBeVisible();
    await expect(page.getByLabel(/^Brand Name/)).toBeVisible();
    expect(rulesAsked).toEqual([]);
    await page.getByLabel(/^Brand Name/).fill('Blue Fig Bistro');
    await expect.poll(() => rulesAsked.length).toBeGreaterThan(0);
    await page.getByLabel(/^Your Email/).fill('not-an-email');
    await page.getByRole('button', { name: 'Create Account' }).click();
    const form = page.getByRole('form', { name: 'SIGN UP AS A BRAND' });
    // The server's 422: the four empty fields and the e-mail, the first of them focused.
    await expect(form.getByText(MSG.required)).toHaveCount(4);
    await expect(form.getByText(MSG.invalidEmail)).toBeVisible();
    await expect(page.getByLabel(/^Street Address/)).toBeFocused();
    await expect(page).toHaveURL(/\/signup$/);
  });
});

test('no serious accessibility violation on the public pages and settings', async ({ page, request }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto('/signup');
  await expect(page.getByText('Brand Plan')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('tab', { name: 'For Media' }).click();
  await page.getByRole('radio', { name: 'Journalist' }).check();
  await expect(page.getByLabel(/^Working at/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto('/password-reset');
  await expect(page.getByRole('heading', { name: 'Forgot your password' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const email = uniqueEmail('a11y');
  await request.post('/api/v1/registerbrand', {
    data: { name: 'Axe Bar', email, address: '2 Main St', zip: '10002', phones: '5550000001', password: 'axe-pass' },
  });
  await logInThroughForm(page, email, 'axe-pass');
  await expect(page).toHaveURL(/\/plans$/);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto('/settings/password-change');
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the staff console has no serious accessibility violation and shows the analytics', async ({ page, request }) => {
  const email = uniqueEmail('console');
  await request.post('/api/v1/influencers', {
    data: { name: 'Console Check', email, type: 'influencer', instagram: 'console.check' },
  });
  await logInThroughForm(page, STAFF.email, STAFF.password);
  await expect(page.getByRole('article', { name: 'Console Check' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Reject Console Check' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject Console Check?' });
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog.getByText(MSG.required)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByLabel(/^Reason/).fill('We are looking for a larger audience for now.');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('tab', { name: 'Rejected' }).click();
  await expect(page.getByRole('article', { name: 'Console Check' })).toContainText('larger audience');

  await page.getByRole('link', { name: 'Outbox' }).click();
  await page
    .getByRole('button', { name: /About your Comped application/ })
    .first()
    .click();
  await expect(page.getByText(/A note from our team: We are looking for a larger audience/).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: 'Analytics' }).click();
  const table = page.getByRole('table', { name: 'Events per day' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('row', { name: /Total/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('sign-up reads well on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/signup?tab=media');
  await expect(page.getByRole('heading', { name: 'SIGN UP AS MEDIA' })).toBeVisible();
  await page.getByRole('radio', { name: 'Journalist' }).check();
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/signup-media-phone.png`, fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);
});
