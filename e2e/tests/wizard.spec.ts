import type { Page } from '@playwright/test';

import { expectNoSeriousA11yViolations } from '../support/a11y';
import { bearer } from '../support/api';
import type { BrandWithLocation } from '../support/setup';
import { fillDate, payingBrandWithLocation, PHOTO_PNG, signIn } from '../support/setup';
import { expect, test } from '../support/test';

const BRAND = 'Wizard Bistro';
const LOCATION = `${BRAND} Harbor`;

function wizard(page: Page) {
  return page.getByRole('form');
}

/** axe on the whole wizard page, sidebar included: no serious or critical violation. */
async function expectAccessibleWizard(page: Page) {
  await expectNoSeriousA11yViolations(page);
}

async function stepHeading(page: Page, name: string) {
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
}

async function fillBasics(page: Page, name: string) {
  await page.getByRole('textbox', { name: /Campaign name/ }).fill(name);
  await page.getByRole('textbox', { name: /Description/ }).fill(`${name}: come and see what is new.`);
  await page.getByLabel('Add photos').setInputFiles({ name: 'dish.png', mimeType: 'image/png', buffer: PHOTO_PNG });
  await expect(page.getByRole('img', { name: 'New photo dish.png' })).toBeVisible();
}

test.describe('campaign wizard', () => {
  let brand: BrandWithLocation;
  test.beforeAll(async ({ request }) => {
    brand = await payingBrandWithLocation(request, {
      emailPrefix: 'wizard',
      name: BRAND,
      address: '12 Harbor Rd',
      location: {
        name: LOCATION,
        address: '12 Harbor Rd',
        email: 'harbor@example.test',
        phone: '5551234567',
        hours: [{ day: 'friday', start_time: '12:00', end_time: '22:00' }],
      },
    });
  });

  test('creates a General Updates campaign through all five steps and submits it', async ({ page }) => {
    await signIn(page, brand.account);
    await page.goto('/create/generalupdates');
    await stepHeading(page, 'General Updates');
    await expect(wizard(page).getByRole('button', { name: 'Back' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await expectAccessibleWizard(page);
    await fillBasics(page, 'Spring menu launch');
    await fillDate(page, 'Launch Date', '2030-04-01');
    await page.screenshot({ path: '/tmp/wizard-basic.png', fullPage: true });
    await page.getByRole('button', { name: 'Next' }).click();

    await stepHeading(page, 'Audience');
    await expect(page).toHaveURL(/\/edit\/campaign\/\d+$/);
    await page.getByRole('checkbox', { name: 'Journalists' }).check();
    await expect(page.getByRole('slider', { name: 'Journalist tiers, highest' })).toBeVisible();
    await expectAccessibleWizard(page);
    await page.getByRole('button', { name: 'Next' }).click();

    await stepHeading(page, 'Bookings');
    await expect(page.getByRole('checkbox', { name: new RegExp(LOCATION) })).toBeChecked();
    await expect(page.getByText('Max of 50')).toBeVisible();
    await page.getByRole('switch', { name: /Block times/ }).check();
    await page.getByRole('button', { name: 'Add time range on Monday' }).click();
    await page.screenshot({ path: '/tmp/wizard-bookings.png', fullPage: true });
    await expectAccessibleWizard(page);
    await page.getByRole('button', { name: 'Next' }).click();

    await stepHeading(page, 'Requirements');
    await page.getByRole('switch', { name: /Tag the brand/ }).check();
    const tags = page.getByRole('combobox', { name: 'Hashtags' });
    await tags.fill('#springmenu');
    await tags.press('Enter');
    // Usage rights (issue 28): ads and the website, for 90 days after delivery.
    await page.getByRole('checkbox', { name: 'Use in ads' }).check();
    await page.getByRole('checkbox', { name: 'Use on the website' }).check();
    await page.getByRole('combobox', { name: 'For how long' }).click();
    await page.getByRole('option', { name: 'Days after delivery' }).click();
    await page.getByRole('spinbutton', { name: 'Days' }).fill('90');
    await expectAccessibleWizard(page);
    await page.getByRole('button', { name: 'Next' }).click();

    await stepHeading(page, 'Review');
    await expect(page.getByText('Spring menu launch', { exact: true })).toBeVisible();
    await expect(page.getByText('#springmenu')).toBeVisible();
    await expect(page.getByText('Use in ads, Use on the website for 90 days after delivery')).toBeVisible();
    await expect(page.getByText('Monday 12:00 PM - 1:00 PM')).toBeVisible();
    await expectAccessibleWizard(page);
    await page.screenshot({ path: '/tmp/wizard-review.png', fullPage: true });
    await page.getByRole('button', { name: 'Submit' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Your campaign has been sent successfully for review.');
    await dialog.getByRole('button', { name: 'OK' }).click();
    // The brand's campaigns, on the tab where the submitted one waits for review.
    await expect(page).toHaveURL(/\/campaigns\?tab=drafts$/);
    await expect(page.getByRole('tab', { name: 'In review & drafts', selected: true })).toBeVisible();
  });

  test('creates an Opening campaign and submits it', async ({ page }) => {
    await signIn(page, brand.account);
    await page.goto('/create/opening');
    await stepHeading(page, 'Opening');
    await fillBasics(page, 'Grand opening');
    await fillDate(page, 'Opening Date', '2030-05-15');
    await fillDate(page, 'End Date', '2030-05-30');
    await page.getByRole('switch', { name: /people behind this campaign/ }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Please fill out all fields for key players')).toBeVisible();
    for (const role of ['Chef', 'Owner', 'Beverage Director', 'Interior Designer']) {
      await page.getByRole('textbox', { name: `${role} name` }).fill(`${role} Person`);
      await page.getByRole('textbox', { name: `${role} position or bio` }).fill(`Our ${role.toLowerCase()}`);
    }
    await page.getByRole('button', { name: 'Next' }).click();
    await stepHeading(page, 'Audience');
    for (const next of ['Bookings', 'Requirements', 'Review']) {
      await page.getByRole('button', { name: 'Next' }).click();
      await stepHeading(page, next);
    }
    await expect(page.getByText('Chef: Chef Person (Our chef)')).toBeVisible();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('dialog')).toContainText('Your campaign has been sent successfully for review.');
  });

  test('creates a Single-Day Event with its times and submits it', async ({ page }) => {
    await signIn(page, brand.account);
    await page.goto('/create/singledayevent');
    await stepHeading(page, 'Single-Day Event');
    await expect(page.getByRole('combobox', { name: 'Starts at' })).toHaveText('6:00 PM');
    await expect(page.getByRole('combobox', { name: 'Ends at' })).toHaveText('6:30 PM');
    await fillBasics(page, 'Rooftop tasting');
    await fillDate(page, 'Event Date', '2030-06-20');
    await page.getByRole('combobox', { name: 'Ends at' }).click();
    await page.getByRole('option', { name: '9:00 PM' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await stepHeading(page, 'Audience');
    for (const next of ['Bookings', 'Requirements', 'Review']) {
      await page.getByRole('button', { name: 'Next' }).click();
      await stepHeading(page, next);
    }
    await expect(page.getByText('6:00 PM - 9:00 PM')).toBeVisible();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('dialog')).toContainText('Your campaign has been sent successfully for review.');
  });

  test('leaves a draft at the Bookings step and comes back to it with everything filled in', async ({ page }) => {
    await signIn(page, brand.account);
    await page.goto('/create/generalupdates');
    await fillBasics(page, 'Half-done draft');
    await fillDate(page, 'Launch Date', '2030-07-04');
    await page.getByRole('button', { name: 'Next' }).click();
    await stepHeading(page, 'Audience');
    const url = page.url();
    await page.getByRole('checkbox', { name: 'Journalists' }).check();
    await page.getByRole('checkbox', { name: 'Influencers' }).uncheck();
    await page.getByRole('button', { name: 'Next' }).click();
    await stepHeading(page, 'Bookings');

    await page.goto('/dashboard');
    await page.goto(new URL(url).pathname);
    await stepHeading(page, 'Bookings');
    await expect(page.getByRole('checkbox', { name: new RegExp(LOCATION) })).toBeChecked();
    await wizard(page).getByRole('button', { name: 'Back' }).click();
    await stepHeading(page, 'Audience');
    await expect(page.getByRole('checkbox', { name: 'Journalists' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Influencers' })).not.toBeChecked();
    await wizard(page).getByRole('button', { name: 'Back' }).click();
    await stepHeading(page, 'General Updates');
    await expect(page.getByRole('textbox', { name: /Campaign name/ })).toHaveValue('Half-done draft');
    await expect(page.getByRole('img', { name: 'Featured photo 1' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Launch Date' })).toContainText('07/04/2030');

    // Clearing the photos asks first, then deletes each saved one; Next waits for a new image.
    await page.getByRole('button', { name: 'Clear all' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove all' }).click();
    await expect(page.getByRole('img', { name: 'Featured photo 1' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

    // A draft can be discarded, after a confirmation.
    await page.getByRole('button', { name: 'Discard draft' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Discard' }).click();
    await expect(page).toHaveURL(/\/campaigns$/);
    const gone = await page.request.get(`/api/v1/campaigns/${new URL(url).pathname.split('/').pop()}`, {
      headers: bearer(brand.account.token),
    });
    expect(gone.status()).toBe(404);
  });

  test('looks right on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, brand.account);
    await page.goto('/create/singledayevent');
    await stepHeading(page, 'Single-Day Event');
    await expect(page.getByText('Step 1 of 5')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: '/tmp/wizard-mobile.png', fullPage: true });
  });
});
