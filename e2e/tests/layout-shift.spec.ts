/**
 * No layout shift while a page loads (issue 31: CLS 0), on a phone: a brand's /dashboard and a media
 * user's visit pass, with their reads answering late and in the order that used to move what was
 * already painted (the brand after the dashboard's bookings; the pass after its links had painted
 * below the spinner), and a campaign's page with its photo arriving after the text below it. The shifts are the browser's own (a PerformanceObserver of `layout-shift`).
 */
import type { Page } from '@playwright/test';

import { layoutShifts, recordLayoutShifts } from '../support/layout';
import type { Account, BrandWithLocation } from '../support/setup';
import {
  acceptedBooking,
  approvedCampaign,
  approvedMediaUser,
  dayFromToday,
  payingBrandWithLocation,
  signIn,
} from '../support/setup';
import { expect, test } from '../support/test';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** Holds the API's answers whose path matches `pattern` for `ms` before they go on. */
async function slowApi(page: Page, pattern: RegExp, ms: number): Promise<void> {
  await page.route(
    (url) => url.pathname.startsWith('/api/v1/') && pattern.test(url.pathname),
    async (route) => {
      const response = await route.fetch();
      await new Promise((r) => setTimeout(r, ms));
      await route.fulfill({ response });
    },
  );
}

test.describe.serial('no layout shift while loading', () => {
  let brand: BrandWithLocation;
  let mia: Account;
  let bookingId: number;
  let campaignId: number;

  test.beforeAll(async ({ request }) => {
    brand = await payingBrandWithLocation(request, {
      emailPrefix: 'shift-brand',
      name: 'Still Waters',
      address: '4 Mill Lane',
      location: { name: 'Mill Room', address: '4 Mill Lane, New York', email: 'mill@example.test' },
    });
    campaignId = await approvedCampaign(request, brand, {
      name: 'Quiet supper',
      description: 'A quiet supper by the mill.',
      target: ['influencer'],
      tier_range_influencer: [1, 2],
      booking: { compensation: 50, max_bookings_per_week: 5, max_guests: 2 },
    });
    mia = await approvedMediaUser(request, {
      emailPrefix: 'shift-media',
      type: 'influencer',
      name: 'Sam Steady',
      instagram: 'sam.steady',
    });
    bookingId = await acceptedBooking(request, {
      brand,
      campaignId,
      media: mia,
      date: dayFromToday(2),
      time: '12:00',
      guests: 1,
    });
  });

  test("a brand's /dashboard: the sections appear together, nothing moves", async ({ page }) => {
    // The brand's own read (its photos) answers well after the bookings and campaigns.
    await slowApi(page, /^\/api\/v1\/brands\/\d+$/, 1500);
    await recordLayoutShifts(page);
    await signIn(page, brand.account);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Recent bookings' }).getByText('Sam Steady')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Update images' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Last 30 days' })).toBeVisible();
    // Photos, fonts and the late parts (the bell) have had their moment.
    await page.waitForTimeout(3000);
    expect(await layoutShifts(page)).toEqual([]);
  });

  test('the visit pass: the links below the card come with it, nothing moves', async ({ page }) => {
    await slowApi(page, /^\/api\/v1\/.*bookings\/\d+$/, 1500);
    await recordLayoutShifts(page);
    await signIn(page, mia);
    await page.goto(`/bookings/${bookingId}/pass`);
    await expect(page.getByRole('heading', { level: 1, name: 'Visit pass' })).toBeVisible();
    await expect(page.getByTestId('check-in-code')).toBeVisible();
    await expect(page.getByRole('link', { name: 'All bookings' })).toBeVisible();
    await page.waitForTimeout(3000);
    expect(await layoutShifts(page)).toEqual([]);
  });

  test("a campaign's page: the text below its photo keeps its place while the photo loads", async ({ page }) => {
    await page.route('**/files/**', async (route) => {
      const response = await route.fetch();
      await new Promise((r) => setTimeout(r, 1500));
      await route.fulfill({ response });
    });
    await recordLayoutShifts(page);
    await signIn(page, mia);
    await page.goto(`/campaigns/${campaignId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Quiet supper' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Quiet supper, photo 1 of 1' })).toHaveJSProperty('complete', true);
    await page.waitForTimeout(1000);
    expect(await layoutShifts(page)).toEqual([]);
  });
});
