import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { APIRequestContext, Page } from '@playwright/test';

import { expectNoSeriousA11yViolations } from '../support/a11y';
import { bearer } from '../support/api';
import { payingBrand, signIn } from '../support/setup';
import { expect, test } from '../support/test';

/** A brand signed up and subscribed through the public API, signed in in the browser. */
async function subscribedBrand(request: APIRequestContext, page: Page) {
  const brand = await payingBrand(request, {
    emailPrefix: 'brand-ws',
    name: 'Harbor Kitchen',
    address: '10 Pier Rd',
    phones: '5550001111',
    zip: '02110',
    card: { cardholder_name: 'Harbor Owner', number: '4242 4242 4242 4242' },
  });
  await signIn(page, brand.account);
  return { token: brand.account.token, brandId: brand.brandId };
}

function tmpFile(name: string, body: Buffer | string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'brand-ws-')), name);
  fs.writeFileSync(file, body);
  return file;
}

// A tiny valid PNG (1x1 red pixel) and a minimal PDF.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

test('a brand fills its workspace: three locations, a menu, a photo and a logo', async ({ page, request }) => {
  // Many screens and five axe runs on shared CPUs.
  test.setTimeout(300_000);
  const { token, brandId } = await subscribedBrand(request, page);

  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await expect(page.getByText('Harbor Kitchen').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Edit the general info.
  await page.getByRole('link', { name: 'Edit profile' }).click();
  await expect(page).toHaveURL(/\/profile\/edit$/);
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Zip Code').fill('ab');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Zip code must be a number.')).toBeVisible();
  await page.getByLabel('Zip Code').fill('02110');
  await page.getByLabel('Description').fill('Seafood by the water.');
  await page.getByLabel('Instagram').fill('harborkitchen');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The brand was updated')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Seafood by the water.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Instagram: @harborkitchen' })).toBeVisible();

  // Three locations through the form.
  for (const [i, name] of ['Pier', 'Market', 'Garden'].entries()) {
    await page.getByRole('link', { name: 'Add location' }).click();
    await expect(page).toHaveURL(/\/profile\/location$/);
    if (i === 0) await expectNoSeriousA11yViolations(page);
    const save = page.getByRole('button', { name: 'Save' });
    await page.getByLabel('Location name').fill(name);
    await page.getByLabel('Address').fill(`${i + 1} ${name} St`);
    await page.getByLabel('Email').fill(`${name.toLowerCase()}@example.test`);
    await page.getByLabel('Phone').fill('5552223333');
    await expect(save).toBeDisabled();
    await page.getByLabel('Contact person').fill('Dana');
    if (i === 0) {
      await page.getByLabel('Monday opens').selectOption({ label: '9:00 AM' });
      await page.getByLabel('Monday closes').selectOption({ label: '9:00 AM' });
      await expect(page.getByText('Start and end time cannot be equal.')).toBeVisible();
      await expect(save).toBeDisabled();
      await page.getByLabel('Monday closes').selectOption({ label: '10:30 PM' });
      await page.getByRole('switch', { name: 'Sunday' }).click();
    }
    await expect(save).toBeEnabled();
    await save.click();
    await expect(page.getByText('The location was updated')).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('link', { name: new RegExp(`^${name}\\b.*\\(edit\\)$`) })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Add location' })).toHaveAttribute('aria-disabled', 'true');
  const fourth = await request.post('/api/v1/locations', {
    headers: bearer(token),
    data: { name: 'Fourth', address: '4 St', email: 'four@example.test', phone: '1', contact: 'X' },
  });
  expect(fourth.status()).toBe(422);
  expect((await fourth.json()).message).toBe('A brand can have at most 3 locations.');

  // The first location kept its hours (Sunday closed).
  await page.getByRole('link', { name: /^Pier\b.*\(edit\)$/ }).click();
  await expect(page.getByLabel('Monday closes')).toHaveValue('22:30');
  await expect(page.getByRole('switch', { name: 'Sunday (closed)' })).not.toBeChecked();
  await page.getByRole('button', { name: 'Cancel' }).click();

  // The third location is deleted after confirming, which frees a place for another.
  await page.getByRole('link', { name: /^Garden\b.*\(edit\)$/ }).click();
  await page.getByRole('button', { name: 'Delete location' }).click();
  const deleteLocation = page.getByRole('dialog', { name: 'Delete this location?' });
  await expect(deleteLocation).toContainText('Media users will no longer be able to book visits at this location.');
  await deleteLocation.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('link', { name: /^Garden\b.*\(edit\)$/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Pier\b.*\(edit\)$/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add location' })).not.toHaveAttribute('aria-disabled', 'true');

  // A PDF menu.
  await page.getByRole('link', { name: 'Manage menus' }).click();
  await expect(page).toHaveURL(/\/profile\/menus$/);
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Menu name').fill('Dinner');
  await page.locator('#menu-file').setInputFiles(tmpFile('dinner.pdf', PDF));
  await page.getByRole('button', { name: 'Upload menu' }).click();
  await expect(page.getByRole('link', { name: /Dinner/ })).toBeVisible();
  const href = await page.getByRole('link', { name: /Dinner/ }).getAttribute('href');
  const pdf = await request.get(href!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect(pdf.headers()['content-disposition']).toContain('attachment; filename="Dinner.pdf"');
  // A text file named .pdf is refused with the server's message under the field.
  await page.getByLabel('Menu name').fill('Fake');
  await page.locator('#menu-file').setInputFiles(tmpFile('fake.pdf', 'not a pdf at all'));
  await page.getByRole('button', { name: 'Upload menu' }).click();
  await expect(page.getByText('The menu must be a PDF file.')).toBeVisible();
  // A second menu, deleted after confirming; the first stays.
  await page.getByLabel('Menu name').fill('Lunch');
  await page.locator('#menu-file').setInputFiles(tmpFile('lunch.pdf', PDF));
  await page.getByRole('button', { name: 'Upload menu' }).click();
  await expect(page.getByRole('link', { name: /Lunch/ })).toBeVisible();
  await page.getByRole('button', { name: 'Delete Lunch' }).click();
  const deleteMenu = page.getByRole('dialog', { name: 'Delete this menu?' });
  await expect(deleteMenu).toContainText('"Lunch" will be removed from your profile.');
  await deleteMenu.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('link', { name: /Lunch/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Dinner/ })).toBeVisible();

  // A photo and a logo on /profile.
  await page.goto('/profile');
  await expect(page.getByText('600x360 pixels, under 5MB, jpg, jpeg, png')).toBeVisible();
  await page.locator(`#brand-photos-input-${brandId}`).setInputFiles(tmpFile('room.png', PNG));
  await expect(page.getByRole('img', { name: 'Brand photo 1' })).toBeVisible();
  await page.locator(`#brand-logo-input-${brandId}`).setInputFiles(tmpFile('logo.png', PNG));
  await expect(page.getByRole('img', { name: 'Harbor Kitchen logo' })).toBeVisible();
  // The logo shows as soon as the brand is refetched, and the confirmation follows it: axe waits for
  // the confirmation to have slid in, not to measure its colours halfway.
  await expect(page.getByText('The brand was updated')).toBeVisible();
  await expect(page.getByRole('link', { name: /Dinner/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 1600 });
  await page.screenshot({ path: '/tmp/e2e-brand/profile.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/e2e-brand/profile-mobile.png', fullPage: true });

  // Delete the photo after confirming.
  await page.getByRole('button', { name: 'Delete photo 1' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete this photo?' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('No photos yet.', { exact: false })).toBeVisible();

  // The dashboard: bookings and campaigns, and Create campaign opens the kind chooser.
  await page.goto('/dashboard');
  await expect(page.getByText('No bookings yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await page.getByRole('button', { name: /General Updates/ }).click();
  await expect(page).toHaveURL(/\/create\/generalupdates$/);
});

test('a brand without locations gets the Missing locations dialog; /brands/{id} without state goes to /campaigns', async ({
  page,
  request,
}) => {
  await subscribedBrand(request, page);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page.getByRole('dialog', { name: 'Missing locations' })).toBeVisible();
  await page.getByRole('button', { name: 'Add a location' }).click();
  await expect(page).toHaveURL(/\/profile\/location$/);
  await page.goto('/brands/1');
  await expect(page).toHaveURL(/\/campaigns$/);
});
