import { expectNoSeriousA11yViolations } from '../support/a11y';
import { mailFiles, setClock, waitForMail } from '../support/api';
import type { Account, BrandWithCampaign } from '../support/setup';
import {
  acceptedBooking,
  approvedCampaign,
  approvedMediaUser,
  brandWithApprovedCampaign,
  dayFromToday,
  fillDate,
  signIn,
} from '../support/setup';
import { asUsersBuild, expect, test } from '../support/test';

test.describe.serial('bookings', () => {
  let brand: BrandWithCampaign;
  let ivy: Account;
  const visitDay = dayFromToday(3);

  test.beforeAll(async ({ request }) => {
    // A paying brand with one location (New York, open 09:00-22:00 every day) and an approved campaign.
    brand = await brandWithApprovedCampaign(request, {
      emailPrefix: 'bookings-brand',
      name: 'Harbor Bistro',
      address: '12 Harbor Rd',
      location: { name: 'Harbor Room', address: '12 Harbor Rd, New York', email: 'harbor@example.test' },
      campaign: {
        name: 'Chef tasting week',
        description: 'Seven courses by our new chef.',
        target: ['influencer'],
        tier_range_influencer: [1, 2],
        booking: { compensation: 75, max_bookings_per_week: 5, max_guests: 2 },
      },
    });
    ivy = await approvedMediaUser(request, {
      emailPrefix: 'bookings-media',
      type: 'influencer',
      name: 'Ivy Influencer',
      instagram: 'ivy.eats',
      password: 'ivy-password',
    });
  });

  test.afterAll(async ({ request }) => {
    await setClock(request, null);
  });

  test('an influencer requests a visit', async ({ page }) => {
    await signIn(page, ivy);
    await page.goto(`/campaigns/${brand.campaignId}/book`);
    await expect(page.getByRole('heading', { name: 'Request a booking' })).toBeVisible();
    // The campaign's only location is preselected.
    await expect(page.getByRole('combobox', { name: 'Book at' })).toHaveValue(String(brand.locationId));
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Request now' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please select an available day and time.' })).toBeVisible();

    await page.getByRole('combobox', { name: 'Guests' }).selectOption('2');
    await page
      .getByRole('combobox', { name: 'Book at' })
      .selectOption({ label: 'Harbor Room — 12 Harbor Rd, New York' });
    await fillDate(page, 'Date', visitDay);
    const times = page.getByRole('combobox', { name: 'Available times' });
    await expect(times).toBeEnabled();
    await expect(times.getByRole('option', { name: '9:00 AM' })).toHaveCount(1);
    await expect(times.getByRole('option', { name: '9:30 PM' })).toHaveCount(1);
    await times.selectOption('12:00');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Request now' }).click();

    const dialog = page.getByRole('dialog', { name: 'Visit requested!' });
    await expect(dialog).toContainText('12:00 PM');
    await expect(dialog).toContainText('Harbor Bistro');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/campaigns$/);
    await waitForMail(page.request, brand.account.email, /New booking request/);

    // The campaign now says where the request is, instead of offering a second one.
    await page.goto(`/campaigns/${brand.campaignId}`);
    const notice = page.getByRole('status').filter({ hasText: /You requested a visit on .+ at 12:00 PM/ });
    await expect(notice).toBeVisible();
    await expect(page.getByRole('link', { name: 'Request a booking' })).toHaveCount(0);
    await page.goto(`/campaigns/${brand.campaignId}/book`);
    await expect(notice).toBeVisible();
    await expect(page.getByRole('button', { name: 'Request now' })).toHaveCount(0);
    await notice.getByRole('link', { name: 'See your request' }).click();
    await expect(page).toHaveURL(/\/bookings$/);
    await expect(page.getByRole('article').filter({ hasText: 'Chef tasting week' })).toBeVisible();
  });

  test('the brand sees the request and accepts it; the calendar invitation is mailed', async ({ page }) => {
    await signIn(page, brand.account);
    await page.setViewportSize({ width: 1280, height: 900 });
    // When React starts (main.tsx first looks for #root), and the pending list's requests.
    await page.addInitScript(() => {
      const seen = window as unknown as { rootAt?: number };
      const getElementById = Document.prototype.getElementById;
      Document.prototype.getElementById = function (this: Document, id: string) {
        if (id === 'root' && seen.rootAt === undefined) seen.rootAt = performance.now();
        return getElementById.call(this, id);
      };
    });
    // When the first card is in the page (a mutation observer runs before the browser paints it).
    await page.addInitScript(() => {
      const seen = window as unknown as { cardAt?: number };
      new MutationObserver((_, observer) => {
        if (!document.querySelector('main article')) return;
        seen.cardAt = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    const pendingList = /\/api\/v1\/brands\/\d+\/bookings\?.*filter%5Bstatus%5D=pending/;
    const asked: string[] = [];
    let askedAt = 0;
    page.on('request', (r) => {
      if (!pendingList.test(r.url())) return;
      asked.push(r.url());
      askedAt ||= Date.now();
    });
    // The entry (React, MUI, the router) comes a second late: boot/ is a script of its own, so the
    // list is asked for while the entry is still on its way, not once it has arrived and run.
    let entryAnsweredAt = 0;
    await asUsersBuild(page);
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      entryAnsweredAt = Date.now();
      await route.continue();
    });
    await page.goto('/bookings');
    const card = page.getByRole('article', { name: 'Ivy Influencer' });
    await expect(card).toContainText('Chef tasting week');
    // The first page was asked for once, by boot/early-reads.ts before React started, and the list
    // rendered that answer (its fetcher took it rather than asking again).
    expect(asked).toHaveLength(1);
    const timing = await page.evaluate((source) => {
      const list = performance.getEntriesByType('resource').find((e) => new RegExp(source).test(e.name));
      return { askedAt: list?.startTime, rootAt: (window as unknown as { rootAt?: number }).rootAt };
    }, pendingList.source);
    expect(timing.askedAt).toBeDefined();
    expect(timing.rootAt).toBeDefined();
    expect(timing.askedAt!).toBeLessThan(timing.rootAt!);
    expect(entryAnsweredAt).toBeGreaterThan(0);
    expect(askedAt).toBeLessThan(entryAnsweredAt);
    // The dialogs' code (with MUI's overlays, `mui-later`) and a card's QR encoder are not part of
    // the list's first download: they are asked for once the cards are in (the dialogs when the
    // browser is idle, before a tap needs them). None of them brings zod or the forms' validation
    // (ADR 028): Propose another time's form shows the slots' limits (`@comped/shared/limits`), and
    // the server checks what it is sent.
    const scriptsAfterCards = () =>
      page.evaluate(() => {
        const cardAt = (window as unknown as { cardAt?: number }).cardAt ?? Infinity;
        return performance
          .getEntriesByType('resource')
          .filter((e) =>
            /\/(cancel-booking-dialog-|propose-time-dialog-|rate-visit-dialog-|confirm-dialog-view-|mui-later-|qr-image-|validation~|zod-)/.test(
              e.name,
            ),
          )
          .map((e) => ({ file: new URL(e.name).pathname, afterCards: e.startTime > cardAt }));
      });
    await expect
      .poll(async () =>
        (await scriptsAfterCards()).map((s) => s.file.replace(/-[\w-]{8}\.js$/, '').replace(/~.*/, '')).sort(),
      )
      .toEqual([
        '/assets/cancel-booking-dialog',
        '/assets/confirm-dialog-view',
        '/assets/mui-later',
        '/assets/propose-time-dialog',
        '/assets/rate-visit-dialog',
      ]);
    for (const s of await scriptsAfterCards()) expect(s.afterCards, s.file).toBe(true);
    await expect(card).toContainText('12:00 PM');
    await expect(card).toContainText('$75');
    await expect(card).toContainText('Tier 1');
    await expect(card.getByRole('link', { name: 'Ivy Influencer', exact: true })).toHaveAttribute(
      'href',
      `/profile/${ivy.user.id}`,
    );
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: 'test-results/bookings-brand.png', fullPage: true });

    await card.getByRole('button', { name: /^Accept/ }).click();
    await expect(page.getByText('Great! The booking was updated')).toBeVisible();
    await expect(page.getByText('No bookings yet.')).toBeVisible();
    await page.getByRole('tab', { name: 'Upcoming' }).click();
    await expect(page).toHaveURL(/\/bookings\/upcoming$/);
    await expect(page.getByRole('article', { name: 'Ivy Influencer' })).toContainText('Accepted');

    const mail = await waitForMail(page.request, ivy.email, /confirmed/);
    expect(mail.text).toContain('12:00 PM');
    expect(mail.text).toContain('12 Harbor Rd, New York');
    expect(mail.text).toContain('$75');
    await expect
      .poll(() => mailFiles().find((f) => f.includes(`To: ${ivy.email}`) && f.includes('visit.ics')) ?? '')
      .toContain('text/calendar');
  });

  test('the influencer cancels outside the 24-hour window', async ({ page }) => {
    await signIn(page, ivy);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/campaigns/${brand.campaignId}`);
    await expect(page.getByRole('status').filter({ hasText: /You are booked for .+ at 12:00 PM\./ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Visit pass' })).toBeVisible();
    await page.goto('/bookings/upcoming');
    const card = page.getByRole('article', { name: 'Harbor Bistro' });
    await expect(card).toContainText('Chef tasting week');
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: 'test-results/bookings-media-mobile.png', fullPage: true });
    await card.getByRole('button', { name: /^Cancel booking at/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(page.getByText('Your booking was cancelled.')).toBeVisible();
    await expect(page.getByText('No bookings yet.')).toBeVisible();
    await page.getByRole('tab', { name: 'Past' }).click();
    await expect(page.getByRole('article', { name: 'Harbor Bistro' })).toContainText('Cancelled');
    await waitForMail(page.request, ivy.email, /cancelled/);
    // A cancelled booking no longer holds the campaign: it can be requested again.
    await page.goto(`/campaigns/${brand.campaignId}`);
    await expect(page.getByRole('link', { name: 'Request a booking' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'You are booked' })).toHaveCount(0);
  });

  test('inside the 24-hour window the dialog says to call the property and nothing is cancelled', async ({
    page,
    request,
  }) => {
    // A new request (allowed again after the cancel), accepted by the brand, at 8:00 PM in New York.
    await acceptedBooking(request, {
      brand,
      campaignId: brand.campaignId,
      media: ivy,
      date: dayFromToday(4),
      time: '20:00',
      guests: 1,
    });
    // Noon UTC that day is the morning in New York: the visit is about 12 hours away.
    await setClock(request, new Date(`${dayFromToday(4)}T12:00:00Z`));
    await signIn(page, ivy);
    // The phone's clock says the same: the page knows the window has started before it asks anything.
    await page.clock.setFixedTime(new Date(`${dayFromToday(4)}T12:00:00Z`));
    await page.goto('/bookings/upcoming');
    const card = page.getByRole('article', { name: 'Harbor Bistro' });
    await card.getByRole('button', { name: /^Cancel booking at/ }).click();
    const refusal = page.getByRole('dialog', { name: 'Please call the property' });
    await expect(refusal).toContainText('need a call to the property');
    await expect(refusal).toContainText('5557654321');
    await expect(refusal.getByRole('link', { name: /^Call / })).toHaveAttribute('href', 'tel:5557654321');
    await expect(page.getByRole('dialog', { name: 'Cancel this booking?' })).toHaveCount(0);
    await refusal.getByRole('button', { name: 'OK' }).click();
    await expect(card).toContainText('Accepted');
    await setClock(request, null);
  });

  test('a launch without an end date takes visits on its day and the next only, then says so', async ({
    page,
    request,
  }) => {
    const launch = await approvedCampaign(request, brand, {
      name: 'Launch weekend',
      description: 'Our new menu, two days only.',
      target: ['influencer'],
      tier_range_influencer: [1, 2],
      booking: { compensation: 75, max_bookings_per_week: 5, max_guests: 2 },
      end_date: null,
    });
    await signIn(page, ivy);
    await page.goto(`/campaigns/${launch}`);
    await expect(page.getByText('Visits until')).toBeVisible();
    await page.getByRole('link', { name: 'Request a booking' }).click();
    const times = page.getByRole('combobox', { name: 'Available times' });
    await fillDate(page, 'Date', dayFromToday(1));
    await expect(times.getByRole('option', { name: '9:00 PM' })).toHaveCount(1);
    await fillDate(page, 'Date', dayFromToday(2));
    await expect(times).toBeDisabled();
    await expect(page.getByText('No availability. Try another day.')).toBeVisible();
    // The API refuses the day after too, whatever the form shows.
    const refused = await request.post('/api/v1/bookings', {
      headers: { authorization: `Bearer ${ivy.token}` },
      data: {
        campaign_id: launch,
        location_id: brand.locationId,
        booking_date: dayFromToday(2),
        booking_time: '12:00',
        guests: 1,
      },
    });
    expect(refused.status()).toBe(422);
    expect((await refused.json()).errors.booking_date).toEqual(['Please select an available day and time.']);
    // Three days on (the phone's calendar), the campaign is still offered and says until when it took visits.
    await page.clock.setFixedTime(new Date(`${dayFromToday(3)}T15:00:00Z`));
    await page.goto('/campaigns');
    await expect(page.getByTestId('campaign-card').filter({ hasText: 'Launch weekend' })).toContainText(
      'Visits could be booked until',
    );
    await page.goto(`/campaigns/${launch}`);
    await expect(
      page.getByRole('status').filter({ hasText: 'Visits to this campaign could be booked until' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Request a booking' })).toHaveCount(0);
  });

  test.describe('a guest abroad', () => {
    // The guest's phone keeps London's time; the venue is in New York.
    test.use({ timezoneId: 'Europe/London' });

    test("books tonight at the venue while the phone's calendar is already on tomorrow", async ({ page, request }) => {
      const supper = await approvedCampaign(request, brand, {
        name: 'Late supper',
        description: 'Supper after the show.',
        target: ['influencer'],
        tier_range_influencer: [1, 2],
        booking: { compensation: 50, max_bookings_per_week: 5, max_guests: 2 },
      });
      // 01:00 UTC: 1 AM in London on the phone's next day, 8 PM (9 PM in summer) the day before in New
      // York, where the venue takes visits until 10 PM. Both days in one month, so one calendar shows them.
      const next = dayFromToday(5).endsWith('-01') ? 6 : 5;
      const venueDay = dayFromToday(next - 1);
      const now = new Date(`${dayFromToday(next)}T01:00:00Z`);
      await setClock(request, now);
      await signIn(page, ivy);
      await page.clock.setFixedTime(now);
      await page.goto(`/campaigns/${supper}/book`);
      await page.getByRole('button', { name: /Choose date/ }).click();
      const day = page
        .getByRole('grid')
        .getByRole('gridcell', { name: String(Number(venueDay.slice(8))), exact: true });
      await expect(day).toBeEnabled();
      await day.click();
      const times = page.getByRole('combobox', { name: 'Available times' });
      await expect(times).toBeEnabled();
      await expect(times.getByRole('option', { name: '8:00 PM' })).toHaveCount(0);
      await times.selectOption('21:30');
      await page.getByRole('button', { name: 'Request now' }).click();
      await expect(page.getByRole('dialog', { name: 'Visit requested!' })).toContainText('9:30 PM');
      await setClock(request, null);
    });
  });
});
