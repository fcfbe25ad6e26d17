/**
 * Visits brands can trust (issue 15; decisions.md "Beyond the specification"): the check-in code on the
 * guest's booking, the brand checking the guest in at the door on a phone, a no-show marked by the brand
 * and disputed by the guest, staff settling the dispute, and the reliability score that results.
 */
import type { Page } from '@playwright/test';

import { expectNoSeriousA11yViolations } from '../support/a11y';
import { bearer, setClock } from '../support/api';
import { readQr } from '../support/qr';
import type { Account, BrandWithLocation, CampaignFields } from '../support/setup';
import {
  acceptedBooking,
  approvedCampaign,
  approvedMediaUser,
  dayFromToday,
  fillDate,
  payingBrandWithLocation,
  pendingBooking,
  signIn,
  staffAccount,
} from '../support/setup';
import { expect, test } from '../support/test';
import { checkInThroughApi, plusMinutes, visitInstant } from '../support/visits';

const PHONE = { width: 390, height: 844 };
const CODE = /^[ACDEFGHJKMNPQRTUVWXY34679]{6}$/;

function campaign(name: string): CampaignFields {
  return {
    name,
    description: `${name} at the Juniper dining room.`,
    target: ['influencer'],
    tier_range_influencer: [1, 2],
    booking: { compensation: 50, max_bookings_per_week: 5, max_guests: 2 },
  };
}

/** A booking card of the list, picked by its campaign (every card of one brand and guest has the same name). */
function card(page: Page, name: string, campaignName: string) {
  return page.getByRole('article', { name }).filter({ hasText: campaignName });
}

test.describe.serial('visits: check-in, no-show, dispute, reliability', () => {
  let brand: BrandWithLocation;
  let vera: Account;
  /** Booked through the form and checked in at the door. */
  let counter: number;
  /** Checked in through the API beforehand: a second visit on the guest's record. */
  let pairing: number;
  /** Booked for the day after and marked as a no-show. */
  let brunch: number;
  /** Requested at the end: the brand's pending list shows the guest's score. */
  let dessert: number;
  let counterBooking: number;
  let brunchBooking: number;
  let code = '';
  let checkInAt: Date;
  const visitDay = dayFromToday(2);
  const brunchDay = dayFromToday(3);

  test.beforeAll(async ({ request }) => {
    await setClock(request, null);
    // A paying brand whose one location is in New York (ZIP 10001), open 09:00-22:00 every day.
    brand = await payingBrandWithLocation(request, {
      emailPrefix: 'visits-brand',
      name: 'Juniper Hall',
      address: '40 Juniper St',
      location: { name: 'Juniper Dining Room', address: '40 Juniper St, New York', email: 'juniper@example.test' },
    });
    // One live booking per campaign and guest: a campaign per visit.
    counter = await approvedCampaign(request, brand, campaign('Chef counter'));
    pairing = await approvedCampaign(request, brand, campaign('Wine pairing'));
    brunch = await approvedCampaign(request, brand, campaign('Sunday brunch'));
    dessert = await approvedCampaign(request, brand, campaign('Dessert night'));
    vera = await approvedMediaUser(request, {
      emailPrefix: 'visits-media',
      type: 'influencer',
      name: 'Vera Visitor',
      instagram: 'vera.visits',
    });
    await acceptedBooking(request, {
      brand,
      campaignId: pairing,
      media: vera,
      date: visitDay,
      time: '18:00',
      guests: 1,
    });
    brunchBooking = await acceptedBooking(request, {
      brand,
      campaignId: brunch,
      media: vera,
      date: brunchDay,
      time: '12:00',
      guests: 2,
    });
  });

  test.afterAll(async ({ request }) => {
    await setClock(request, null);
  });

  test('the influencer books, the brand accepts, and the check-in code shows on the booking card', async ({
    page,
    browser,
    breakage,
  }) => {
    await signIn(page, vera);
    await page.goto(`/campaigns/${counter}/book`);
    await expect(page.getByRole('heading', { name: 'Request a booking' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Guests' }).selectOption('2');
    await fillDate(page, 'Date', visitDay);
    const times = page.getByRole('combobox', { name: 'Available times' });
    await expect(times).toBeEnabled();
    await times.selectOption('19:00');
    await page.getByRole('button', { name: 'Request now' }).click();
    await page.getByRole('dialog', { name: 'Visit requested!' }).getByRole('button', { name: 'OK' }).click();

    // The brand accepts on its pending list, which shows the guest's reliability: no decided visit yet.
    const brandContext = await browser.newContext();
    await breakage.watch(brandContext);
    const brandPage = await brandContext.newPage();
    await signIn(brandPage, brand.account);
    await brandPage.goto('/bookings');
    const request = card(brandPage, 'Vera Visitor', 'Chef counter');
    await expect(request).toContainText('7:00 PM');
    await expect(request.getByLabel('Reliability: New')).toBeVisible();
    await request.getByRole('button', { name: /^Accept Vera Visitor's booking/ }).click();
    await expect(brandPage.getByText('Great! The booking was updated')).toBeVisible();
    await brandContext.close();

    // The guest's upcoming booking carries the 6-character code and its QR.
    await page.goto('/bookings/upcoming');
    const booking = card(page, 'Juniper Hall', 'Chef counter');
    await expect(booking).toContainText('Accepted');
    await expect(booking).toContainText('Check-in code');
    await expect(booking).toContainText('Show it when you arrive.');
    code = (await booking.getByTestId('check-in-code').textContent()) ?? '';
    expect(code).toMatch(CODE);
    const qr = booking.getByRole('img', { name: `QR code of check-in code ${code}` });
    await expect(qr).toBeVisible();
    expect(await readQr(qr)).toBe(code);
    await expectNoSeriousA11yViolations(page);
  });

  test('at the door, on a phone, the brand checks the guest in by typing the code', async ({ page }) => {
    // The visit's instant (19:00 in New York) from the brand's booking; the clock moves to 10 minutes after.
    const list = await page.request.get(`/api/v1/brands/${brand.brandId}/bookings?filter[status]=accepted`, {
      headers: bearer(brand.account.token),
    });
    const accepted = ((await list.json()) as { data: { id: number; campaign: { id: number } }[] }).data;
    counterBooking = accepted.find((b) => b.campaign.id === counter)!.id;
    checkInAt = plusMinutes(await visitInstant(page.request, brand, counterBooking), 10);
    await setClock(page.request, checkInAt);
    // The 6 PM visit of the same evening was checked in too: a second "for" on the guest's record.
    const pairingBooking = accepted.find((b) => b.campaign.id === pairing)!.id;
    await checkInThroughApi(page.request, brand, vera, pairingBooking);

    await page.setViewportSize(PHONE);
    await signIn(page, brand.account);
    await page.goto('/bookings/upcoming');
    const visit = card(page, 'Vera Visitor', 'Chef counter');
    await visit.getByRole('button', { name: /^Check in Vera Visitor on / }).click();
    const dialog = page.getByRole('dialog', { name: 'Check in Vera Visitor' });
    await expect(dialog).toContainText('Visit at 7:00 PM for 2 guests.');
    // Full screen on a phone.
    const box = await dialog.boundingBox();
    expect(box?.width).toBe(PHONE.width);
    await expect(dialog.getByRole('button', { name: 'Scan QR code' })).toBeVisible();
    const field = dialog.getByRole('textbox', { name: 'Check-in code' });
    await expect(field).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath('check-in-phone.png') });

    // A code that is not this booking's: the message stands under the field.
    const wrong = (code[0] === 'A' ? 'C' : 'A') + code.slice(1);
    await field.fill(wrong);
    await dialog.getByRole('button', { name: 'Check in' }).click();
    await expect(dialog.getByText('That code does not match this booking.')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousA11yViolations(page);

    // The code as a guest reads it out, lower case with a dash, is the same code.
    await field.fill(`${code.slice(0, 3).toLowerCase()}-${code.slice(3)}`);
    await dialog.getByRole('button', { name: 'Check in' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Vera Visitor: Checked in at 7:10 PM')).toBeVisible();
    await expect(visit).toContainText('Checked in at 7:10 PM');
    await expect(visit.getByRole('button', { name: /^Check in / })).toHaveCount(0);
  });

  test('the guest sees the check-in on their booking, and the code is gone', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, vera);
    await page.goto('/bookings/upcoming');
    const booking = card(page, 'Juniper Hall', 'Chef counter');
    await expect(booking).toContainText('Checked in at 7:10 PM');
    await expect(booking.getByTestId('check-in-code')).toHaveCount(0);
    await expect(card(page, 'Juniper Hall', 'Wine pairing')).toContainText('Checked in at 7:10 PM');
  });

  test('two hours after a visit without check-in, the brand marks it as a no-show', async ({ page }) => {
    // 2 hours 30 minutes after the noon brunch.
    const later = plusMinutes(await visitInstant(page.request, brand, brunchBooking), 150);
    await setClock(page.request, later);
    await signIn(page, brand.account);
    // The door offers it too, on the visit's day (the browser's clock moved with the server's).
    await page.clock.setFixedTime(later);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/door');
    const atDoor = page.getByRole('listitem').filter({ hasText: 'Vera Visitor' });
    await expect(atDoor.getByRole('button', { name: /^Mark as no-show: Vera Visitor on / })).toBeVisible();
    await expect(atDoor.getByRole('button', { name: /^Check in Vera Visitor/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath('door-no-show.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/bookings/upcoming');
    const visit = card(page, 'Vera Visitor', 'Sunday brunch');
    await expect(visit).toContainText('12:00 PM');
    await expectNoSeriousA11yViolations(page);
    await visit.getByRole('button', { name: /^Mark as no-show: Vera Visitor on / }).click();
    const confirm = page.getByRole('dialog', { name: 'Mark as no-show?' });
    await expect(confirm).toContainText('Vera Visitor was not checked in for');
    await expect(confirm).toContainText('they may dispute it within 48 hours');
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole('button', { name: 'Mark as no-show' }).click();
    await expect(page.getByText('Marked as a no-show.', { exact: true })).toBeVisible();
    await expect(visit).toHaveCount(0);

    await page.getByRole('tab', { name: 'Past' }).click();
    const past = card(page, 'Vera Visitor', 'Sunday brunch');
    await expect(past).toContainText('No-show');
    await expect(past).toContainText('Marked as a no-show.');
  });

  test('the guest sees "No-show" and disputes it: "I was there"', async ({ page }) => {
    await signIn(page, vera);
    await page.goto('/bookings/past');
    const booking = card(page, 'Juniper Hall', 'Sunday brunch');
    await expect(booking).toContainText('No-show');
    await expect(booking).toContainText(/Marked as a no-show\. If you were there, you can tell us until .+\./);
    await booking.getByRole('button', { name: 'I was there' }).click();
    const dialog = page.getByRole('dialog', { name: 'I was there' });
    await expect(dialog).toContainText('Juniper Hall marked this visit as a no-show.');
    await expectNoSeriousA11yViolations(page);

    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByText('Please tell the brand briefly about your visit.')).toBeVisible();
    await dialog
      .getByRole('textbox', { name: 'Your note' })
      .fill('I arrived at 11:55 with a friend; Sam seated us by the window.');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Thanks. Our team will look into it.')).toBeVisible();
    await expect(booking).toContainText('Disputed ("I was there"): our team is looking into it.');
    await expect(booking.getByRole('button', { name: 'I was there' })).toHaveCount(0);
  });

  test('staff see the dispute in the console and settle it', async ({ page }) => {
    await signIn(page, await staffAccount(page.request));
    await page.goto('/admin/disputes');
    await expect(page.getByRole('heading', { name: 'No-show disputes' })).toBeVisible();
    const item = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Vera Visitor at Juniper Hall' }) });
    await expect(item).toContainText('Sunday brunch · Juniper Dining Room');
    await expect(item).toContainText('“I arrived at 11:55 with a friend; Sam seated us by the window.”');
    await expectNoSeriousA11yViolations(page);

    await item.getByRole('button', { name: 'No-show stands' }).click();
    const confirm = page.getByRole('dialog', { name: 'The no-show stands?' });
    await expect(confirm).toContainText("Vera Visitor's visit stays a no-show. They are told by e-mail.");
    await confirm.getByRole('button', { name: 'Settle' }).click();
    await expect(page.getByText('Dispute settled.')).toBeVisible();
    await expect(page.getByText('No open disputes.')).toBeVisible();
    await page.getByRole('tab', { name: 'Settled' }).click();
    await expect(
      page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Vera Visitor at Juniper Hall' }) }),
    ).toContainText('settled: the no-show stands');

    // The guest's booking says how it ended.
    await signIn(page, vera);
    await page.goto('/bookings/past');
    await expect(card(page, 'Juniper Hall', 'Sunday brunch')).toContainText('Dispute settled: the no-show stands.');
  });

  test('the brand rates a visit the guest was checked in for, with the keyboard', async ({ page }) => {
    // The clock still stands the day after the checked-in visits (set by the no-show test).
    await signIn(page, brand.account);
    await page.goto('/bookings/past');
    const visit = card(page, 'Vera Visitor', 'Chef counter');
    await expect(visit).toContainText('Checked in at 7:10 PM');
    const rate = visit.getByRole('button', { name: 'Rate Visit' });
    await rate.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Rate Visit' });
    await expect(dialog).toContainText("How was Vera Visitor's visit?");
    await dialog.getByRole('button', { name: 'Submit rating' }).click();
    await expect(dialog.getByText('Please choose a rating from 1 to 5.')).toBeVisible();
    // The stars are radios: a keyboard user focuses one and presses Space.
    const good = dialog.getByRole('radio', { name: 'Good', exact: true });
    await good.focus();
    await page.keyboard.press('Space');
    await expect(good).toBeChecked();
    await dialog.getByRole('textbox', { name: 'Review (optional)' }).fill('On time, friendly, great photos.');
    await dialog.getByRole('button', { name: 'Submit rating' }).click();
    await expect(page.getByText('Great! The booking was updated')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(visit.getByRole('button', { name: 'Rate Visit' })).toHaveCount(0);
  });

  test('the reliability score shows on the brand pending list and on the public profile', async ({ page }) => {
    // Two check-ins for, one no-show against: 67% of 3 decided visits.
    const score = '67% reliable · 3 visits';
    await pendingBooking(page.request, {
      brand,
      campaignId: dessert,
      media: vera,
      date: dayFromToday(6),
      time: '20:00',
      guests: 1,
    });
    await signIn(page, brand.account);
    await page.goto('/bookings');
    const request = card(page, 'Vera Visitor', 'Dessert night');
    await expect(request).toContainText('Pending');
    await expect(request.getByLabel(`Reliability: ${score}`)).toHaveText(score);
    // On the narrowest phone (320 px) the card stays within the screen and the score reads whole,
    // on two lines if need be, never cut with an ellipsis.
    await page.setViewportSize({ width: 320, height: 700 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    const label = request.getByLabel(`Reliability: ${score}`).locator('.MuiChip-label');
    expect(await label.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    // The pending list sorts by reliability with the browser's own select (a phone's picker).
    const sort = page.getByRole('combobox', { name: 'Sort by' });
    await expect(sort).toHaveValue('visit');
    const sorted = page.waitForResponse((r) => r.url().includes('sort=reliability') && r.ok());
    await sort.selectOption({ label: 'Most reliable first' });
    await sorted;
    await expect(sort).toHaveValue('reliability');
    await expect(card(page, 'Vera Visitor', 'Dessert night').getByLabel(`Reliability: ${score}`)).toHaveText(score);

    await request.getByRole('link', { name: 'Vera Visitor', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/profile/${vera.user.id}$`));
    await expect(page.getByRole('heading', { name: 'Vera Visitor' })).toBeVisible();
    await expect(page.getByLabel(`Reliability: ${score}`)).toHaveText(score);
    await expectNoSeriousA11yViolations(page);
  });
});
