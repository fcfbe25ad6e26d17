/**
 * Slots that fill (issue 30; decisions.md round 3 "Comp terms and slots that fill", "Staff:
 * marketplace health"): a brand proposes another time for a request and the influencer accepts it
 * on a phone; a waiting influencer gets the place a cancellation freed; staff open the health page.
 */
import type { Page } from '@playwright/test';

import { expectNoSeriousA11yViolations } from '../support/a11y';
import { bearer, setClock } from '../support/api';
import type { Account, BrandWithLocation, CampaignFields } from '../support/setup';
import {
  acceptedBooking,
  approvedCampaign,
  approvedMediaUser,
  dayFromToday,
  expectOk,
  fillDate,
  payingBrandWithLocation,
  pendingBooking,
  signIn,
  staffAccount,
} from '../support/setup';
import { expect, test } from '../support/test';

const PHONE = { width: 390, height: 844 };

function card(page: Page, name: string, campaignName: string) {
  return page.getByRole('article', { name }).filter({ hasText: campaignName });
}

test.describe.serial('slots that fill', () => {
  let brand: BrandWithLocation;
  let pia: Account;
  let wes: Account;
  let xavi: Account;
  let tasting: number;
  let fullWeek: number;
  let xaviBooking: number;
  const requestDay = dayFromToday(3);
  const proposedDay = dayFromToday(4);
  const waitDay = dayFromToday(2);

  test.beforeAll(async ({ request }) => {
    await setClock(request, null);
    brand = await payingBrandWithLocation(request, {
      emailPrefix: 'slots-brand',
      name: 'Larder House',
      address: '9 Larder Ln',
      location: { name: 'Larder Dining Room', address: '9 Larder Ln, New York', email: 'larder@example.test' },
    });
    tasting = await approvedCampaign(request, brand, {
      name: 'Tasting counter',
      description: 'Seven courses at the Larder counter.',
      target: ['influencer'],
      tier_range_influencer: [1, 2],
      booking: {
        compensation: 50,
        max_bookings_per_week: 5,
        max_guests: 2,
        includes: ['Tasting menu for two', 'One glass of wine each'],
        allowance: 150,
        guest_policy: 'optional',
      },
    } as CampaignFields);
    fullWeek = await approvedCampaign(request, brand, {
      name: 'Chef table',
      description: 'One chef table a week.',
      target: ['influencer'],
      tier_range_influencer: [1, 2],
      booking: { compensation: 50, max_bookings_per_week: 1, max_guests: 2 },
    });
    pia = await approvedMediaUser(request, {
      emailPrefix: 'slots-pia',
      type: 'influencer',
      name: 'Pia Proposal',
      instagram: 'pia.eats',
    });
    wes = await approvedMediaUser(request, {
      emailPrefix: 'slots-wes',
      type: 'influencer',
      name: 'Wes Waiting',
      instagram: 'wes.waits',
    });
    xavi = await approvedMediaUser(request, {
      emailPrefix: 'slots-xavi',
      type: 'influencer',
      name: 'Xavi Early',
      instagram: 'xavi.early',
    });
    await pendingBooking(request, {
      brand,
      campaignId: tasting,
      media: pia,
      date: requestDay,
      time: '19:00',
      guests: 1,
    });
    xaviBooking = await acceptedBooking(request, {
      brand,
      campaignId: fullWeek,
      media: xavi,
      date: waitDay,
      time: '12:00',
      guests: 1,
    });
  });

  test('the brand proposes another time and the influencer accepts it on a phone', async ({
    page,
    browser,
    breakage,
  }) => {
    const brandContext = await browser.newContext();
    await breakage.watch(brandContext);
    const brandPage = await brandContext.newPage();
    await signIn(brandPage, brand.account);
    await brandPage.goto('/bookings');
    const request = card(brandPage, 'Pia Proposal', 'Tasting counter');
    await request.getByRole('button', { name: 'Propose another time to Pia Proposal' }).click();
    const dialog = brandPage.getByRole('dialog', { name: 'Propose another time' });
    await dialog.getByLabel('Day').fill(proposedDay);
    const times = dialog.getByRole('combobox', { name: 'Available times' });
    await expect(times).toBeEnabled();
    await times.selectOption('18:00');
    await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill('The counter is calmer then.');
    await expectNoSeriousA11yViolations(brandPage);
    await dialog.getByRole('button', { name: 'Send proposal' }).click();
    await expect(brandPage.getByText('Proposal sent.')).toBeVisible();
    await expect(request.getByTestId('proposal-sent')).toContainText('6:00 PM');
    await brandContext.close();

    await page.setViewportSize(PHONE);
    await signIn(page, pia);
    await page.goto('/bookings');
    const booking = card(page, 'Larder House', 'Tasting counter');
    const proposal = booking.getByTestId('proposal');
    await expect(proposal).toContainText('Larder House proposes');
    await expect(proposal).toContainText('6:00 PM');
    await expect(proposal).toContainText('The counter is calmer then.');
    await expectNoSeriousA11yViolations(page);
    await proposal.getByRole('button', { name: /^Accept the proposed time/ }).click();
    await expect(page.getByText(/^Accepted: your visit is on/)).toBeVisible();
    await page.goto('/bookings/upcoming');
    const upcoming = card(page, 'Larder House', 'Tasting counter');
    await expect(upcoming).toContainText('Accepted');
    await expect(upcoming).toContainText('6:00 PM');
    // The pass shows what the comp covers.
    await upcoming.getByRole('link', { name: /^Visit pass/ }).click();
    await expect(page.getByText('Tasting menu for two')).toBeVisible();
    await expect(page.getByText('Guests optional, up to 2.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('a waiting influencer gets the place a cancellation freed', async ({ page }) => {
    await signIn(page, wes);
    await page.goto(`/campaigns/${fullWeek}/book`);
    const offer = page.getByTestId('waitlist-offer');
    await expect(offer).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await offer
      .getByRole('button', { name: /^Join the waitlist for the week of/ })
      .first()
      .click();
    await expect(page.getByText(/^You're on the waitlist for the week of/)).toBeVisible();
    // The week is no longer offered to join again: the form says it is waited for.
    await expect(offer.getByText(/^Waiting for a place in the week of/)).toBeVisible();

    await page.goto('/waitlist');
    const entry = page.getByRole('article', { name: /^Chef table, week of/ });
    await expect(entry).toContainText('Waiting');
    await expectNoSeriousA11yViolations(page);

    // Xavi cancels: the place is offered to Wes and held for 2 hours.
    await expectOk(
      await page.request.put(`/api/v1/influencers/${xavi.user.id}/bookings/${xaviBooking}`, {
        headers: bearer(xavi.token),
        data: { status: 'cancelled' },
      }),
    );
    await page.reload();
    await expect(entry).toContainText('Place held for you');
    await expect(entry.getByTestId('hold-until')).toContainText('Held for you until');
    await expect(entry.getByTestId('hold-until')).toContainText('(time at the venue)');
    await expectNoSeriousA11yViolations(page);
    await entry.getByRole('link', { name: 'Request your visit' }).click();
    await expect(page.getByRole('heading', { name: 'Request a booking' })).toBeVisible();
    await fillDate(page, 'Date', waitDay);
    const times = page.getByRole('combobox', { name: 'Available times' });
    await expect(times).toBeEnabled();
    await times.selectOption('13:00');
    await page.getByRole('button', { name: 'Request now' }).click();
    await page.getByRole('dialog', { name: 'Visit requested!' }).getByRole('button', { name: 'OK' }).click();
    await page.goto('/waitlist');
    await expect(entry).toContainText('Booked');
  });

  test('staff open the marketplace health page', async ({ page, request }) => {
    const staff = await staffAccount(request);
    await signIn(page, staff);
    await page.goto('/admin/health');
    await expect(page.getByRole('heading', { name: 'Marketplace health' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Marketplace health per week' });
    await expect(table).toBeVisible();
    await expect(table.getByRole('rowheader', { name: 'Fill rate' })).toBeVisible();
    await expect(page.getByRole('img', { name: /^Bookings requested\./ })).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/^comped-health-.*\.csv$/);
    await expectNoSeriousA11yViolations(page);
    // On a phone the weeks scroll sideways: the scroll box is a named region the keyboard reaches.
    // It opens on the newest week, with the row labels still beside it.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    const region = page.getByRole('region', { name: 'Marketplace health per week, scrollable' });
    await expect(region).toBeVisible();
    // Below the charts: the page scrolls down to it (the region itself is the sideways scroller).
    await region.evaluate((box) => box.scrollIntoView({ block: 'center' }));
    const weeks = table.getByRole('columnheader');
    await expect(weeks.last()).toBeInViewport();
    await expect(weeks.nth(1)).not.toBeInViewport();
    await expect(table.getByRole('rowheader', { name: 'Fill rate' })).toBeInViewport();
    await expectNoSeriousA11yViolations(page);
  });
});
