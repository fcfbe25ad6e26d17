/**
 * Conversations and live notifications (issue 26), in two browser contexts: a journalist contacts a
 * brand; the brand's bell and inbox count change without a reload; the brand answers in the thread
 * and the journalist, whose thread is open, reads it as it arrives ("Seen" follows). The thread on a
 * phone, and axe on /inbox and /inbox/{id}. Then a booking's conversation: an influencer requests,
 * the brand's bell and pending list follow live, the brand accepts, the influencer's bell and the
 * thread show it, and they talk from the booking cards' Message.
 */
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';

import { expectNoSeriousA11yViolations } from '../support/a11y';
import { bearer } from '../support/api';
import { horizontalOverflow } from '../support/layout';
import type { Account, BrandWithCampaign } from '../support/setup';
import {
  approvedMediaUser,
  brandWithApprovedCampaign,
  dayFromToday,
  pendingBooking,
  signIn,
  staffAccount,
} from '../support/setup';
import { expect, test } from '../support/test';

const BRAND = 'Harbor Oyster Bar';

/** Reads every notification of the user (a campaign's approval, say), so the bell starts at zero. */
async function readAllNotifications(request: APIRequestContext, token: string): Promise<void> {
  const res = await request.post('/api/v1/notifications/read', { headers: bearer(token), data: { all: true } });
  expect(res.status()).toBe(204);
}
const CAMPAIGN = 'Harbor oyster happy hour';

test.describe.serial('conversations', () => {
  let brand: BrandWithCampaign;
  let jo: Account;
  let conversationUrl = '';

  test.beforeAll(async ({ request }) => {
    brand = await brandWithApprovedCampaign(request, {
      emailPrefix: 'conversations-brand',
      name: BRAND,
      address: '3 Pier Road',
      location: { name: 'Harbor Bar', address: '3 Pier Road, New York', email: 'harbor@example.test' },
      campaign: {
        name: CAMPAIGN,
        description: 'Oysters and a glass of muscadet at the bar.',
        target: ['journalist'],
        tier_range_journalist: [1, 2],
        booking: { compensation: 50, max_bookings_per_week: 5, max_guests: 2 },
      },
    });
    jo = await approvedMediaUser(request, {
      emailPrefix: 'conversations-jo',
      type: 'journalist',
      name: 'Jo Writer',
      instagram: 'jo.writes',
      tier: 1,
      press: { workplace: 'The Harbor Times', press1: 'https://news.example/a', press2: 'https://news.example/b' },
    });
    // The campaign's approval is in the brand's bell: read, so the counts below start from zero.
    await readAllNotifications(request, brand.account.token);
  });

  test('a journalist writes to a brand and they talk, live, without a reload', async ({ page, browser, breakage }) => {
    // The brand, in a context of its own, waits on its inbox.
    const brandContext: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await breakage.watch(brandContext);
    const brandPage: Page = await brandContext.newPage();
    await signIn(brandPage, brand.account);
    await brandPage.goto('/inbox');
    await expect(brandPage.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
    await expect(brandPage.getByText('No conversations yet', { exact: true })).toBeVisible();
    await expect(brandPage.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(brandPage);

    // The journalist uses Contact Brand.
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, jo);
    await page.goto(`/campaigns/${brand.campaignId}`);
    await page.getByRole('button', { name: 'Contact Brand' }).click();
    const dialog = page.getByRole('dialog', { name: `Contact ${BRAND}` });
    await dialog.getByRole('textbox', { name: 'Message' }).fill('Could I visit next week for a piece on oyster bars?');
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText(`Your message was sent to ${BRAND}.`)).toBeVisible();

    // The brand's bell, sidebar count and inbox follow, without a reload.
    await expect(brandPage.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible({ timeout: 5000 });
    const nav = brandPage.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Inbox (1 unread message)' })).toBeVisible();
    const row = brandPage.getByRole('link', { name: /Jo Writer/ });
    await expect(row).toContainText('Could I visit next week');
    await expect(row).toContainText('1 unread message');
    await brandPage.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    const panel = brandPage.getByRole('dialog', { name: 'Notifications' });
    await expect(panel.getByRole('link', { name: /New message from Jo Writer/ })).toBeVisible();
    await brandPage.keyboard.press('Escape');

    // The journalist opens the thread from the inbox and stays on it.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inbox' }).click();
    await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
    await page
      .getByRole('list', { name: 'Conversations' })
      .getByRole('link', { name: new RegExp(BRAND) })
      .click();
    await expect(page.getByRole('heading', { name: BRAND, level: 1 })).toBeVisible();
    conversationUrl = new URL(page.url()).pathname;
    expect(conversationUrl).toMatch(/^\/inbox\/\d+$/);
    await expect(page.getByRole('list', { name: 'Messages' })).toContainText('Could I visit next week');
    await expectNoSeriousA11yViolations(page);

    // The brand opens it (which reads it) and answers with the keyboard only.
    await row.click();
    await expect(brandPage.getByRole('heading', { name: 'Jo Writer', level: 1 })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Inbox', exact: true })).toBeVisible();
    const box = brandPage.getByRole('textbox', { name: 'Message' });
    await box.focus();
    await brandPage.keyboard.type('Of course! Tuesday at 6 works,');
    await brandPage.keyboard.press('Shift+Enter');
    await brandPage.keyboard.type('see https://harbor.example/menu');
    await brandPage.keyboard.press('Enter');
    await expect(box).toHaveValue('');
    await expect(brandPage.getByRole('list', { name: 'Messages' })).toContainText('Tuesday at 6 works');
    await expectNoSeriousA11yViolations(brandPage);

    // The journalist reads the answer as it arrives, announced politely, its link a safe link.
    const messages = page.getByRole('list', { name: 'Messages' });
    await expect(messages).toContainText('Tuesday at 6 works', { timeout: 5000 });
    await expect(page.getByRole('status').filter({ hasText: `New message from ${BRAND}` })).toHaveCount(1);
    const link = messages.getByRole('link', { name: 'https://harbor.example/menu' });
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    // The brand read the journalist's message: the journalist's shows "Seen".
    await expect(messages.getByText(/· Seen/)).toBeVisible();
    // A quick reply, and the brand sees it live too; this conversation is about no visit, so none of
    // its quick replies speaks of one.
    await expect(page.getByRole('button', { name: 'Running 10 minutes late' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Sounds good.' }).click();
    await expect(brandPage.getByRole('list', { name: 'Messages' })).toContainText('Sounds good.', {
      timeout: 5000,
    });
    await brandContext.close();
  });

  test('the thread reads well on a phone, and /inbox passes axe there', async ({ page, request }) => {
    // Longer than the screen: the newest message must show above the composer, not under it.
    const conversationId = conversationUrl.split('/').at(-1);
    for (let i = 1; i <= 8; i++) {
      const res = await request.post(`/api/v1/conversations/${conversationId}/messages`, {
        headers: bearer(jo.token),
        data: { body: `Line ${i} of my notes on the oysters, written one by one.` },
      });
      expect(res.status()).toBe(201);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, jo);
    await page.goto('/inbox');
    await expect(
      page.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: new RegExp(BRAND) }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.goto(conversationUrl);
    await expect(page.getByRole('heading', { name: BRAND, level: 1 })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Messages' })).toContainText('Tuesday at 6 works');
    const box = page.getByRole('textbox', { name: 'Message' });
    await expect(box).toBeInViewport();
    const newest = page.getByText('Line 8 of my notes on the oysters', { exact: false });
    await expect(newest).toBeInViewport();
    const composerTop = (await page.getByRole('form', { name: 'Write a message' }).boundingBox())!.y;
    await expect
      .poll(async () => (await newest.boundingBox())!.y + (await newest.boundingBox())!.height)
      .toBeLessThanOrEqual(composerTop);
    expect(await horizontalOverflow(page)).toBeNull();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath('thread-phone.png'), fullPage: true });
  });

  test('earlier messages load above without moving what the reader was reading', async ({ page, request }) => {
    // More than a page of messages (30): the brand sends 25 more.
    const conversationId = conversationUrl.split('/').at(-1);
    for (let i = 1; i <= 25; i++) {
      const res = await request.post(`/api/v1/conversations/${conversationId}/messages`, {
        headers: bearer(brand.account.token),
        data: { body: `Menu note ${i}: something on the oysters.` },
      });
      expect(res.status()).toBe(201);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, jo);
    await page.goto(conversationUrl);
    await expect(page.getByText('Menu note 25:', { exact: false })).toBeInViewport();
    const earlier = page.getByRole('button', { name: 'Load earlier messages' });
    await earlier.scrollIntoViewIfNeeded();
    const firstShown = page.getByRole('list', { name: 'Messages' }).getByRole('listitem').first();
    const text = (await firstShown.textContent()) ?? '';
    const before = (await firstShown.boundingBox())!.y;
    await earlier.click();
    await expect(page.getByRole('list', { name: 'Messages' })).toContainText('Could I visit next week');
    // The message that was first is where it was (the earlier ones went in above it).
    const same = page
      .getByRole('listitem')
      .filter({ hasText: text.slice(0, 40) })
      .first();
    await expect.poll(async () => Math.abs((await same.boundingBox())!.y - before)).toBeLessThan(4);
  });

  test('the journalist reports the thread; staff read it in the console and close it', async ({
    page,
    browser,
    breakage,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, jo);
    await page.goto(conversationUrl);
    await page.getByRole('button', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this conversation' });
    await dialog.getByRole('textbox', { name: 'What is wrong?' }).fill('The brand keeps writing after I said no.');
    await dialog.getByRole('button', { name: 'Report' }).click();
    await expect(page.getByText('Thank you. Our team will look at this conversation.')).toBeVisible();

    const staffContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await breakage.watch(staffContext);
    const staffPage = await staffContext.newPage();
    await signIn(staffPage, await staffAccount(staffPage.request));
    await staffPage.goto('/admin/reports');
    const item = staffPage.getByRole('listitem').filter({ hasText: 'The brand keeps writing after I said no.' });
    await expect(item.getByRole('heading', { name: `Jo Writer and ${BRAND}` })).toBeVisible();
    // Staff read the conversation's newest messages.
    await expect(item).toContainText('Menu note 25: something on the oysters.');
    await expectNoSeriousA11yViolations(staffPage);
    await item.getByRole('button', { name: 'Close conversation' }).click();
    await staffPage
      .getByRole('dialog', { name: 'Close this conversation?' })
      .getByRole('button', { name: 'Close conversation' })
      .click();
    await expect(staffPage.getByText('Conversation closed.')).toBeVisible();
    await staffContext.close();

    // The thread stays readable, without a composer.
    await page.reload();
    await expect(page.getByText('This conversation was closed by the Comped team.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  });
});

test.describe.serial("a booking's conversation", () => {
  const VENUE = 'Lantern Noodle House';
  let venue: BrandWithCampaign;
  let ivy: Account;

  test.beforeAll(async ({ request }) => {
    venue = await brandWithApprovedCampaign(request, {
      emailPrefix: 'booking-thread-brand',
      name: VENUE,
      address: '8 Lantern Lane',
      location: { name: 'Lantern Lane', address: '8 Lantern Lane, New York', email: 'lantern@example.test' },
      campaign: {
        name: 'Lantern noodle tasting',
        description: 'Hand-pulled noodles for two.',
        target: ['influencer'],
        tier_range_influencer: [1, 2],
        booking: { compensation: 50, max_bookings_per_week: 5, max_guests: 2 },
      },
    });
    ivy = await approvedMediaUser(request, {
      emailPrefix: 'booking-thread-ivy',
      type: 'influencer',
      name: 'Ivy Noodle',
      instagram: 'ivy.eats',
      tier: 1,
    });
    await readAllNotifications(request, venue.account.token);
  });

  test('request, accept and talk: both bells and lists follow without a reload', async ({
    page,
    browser,
    breakage,
    request,
  }) => {
    // The brand waits on its pending bookings.
    const brandContext: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await breakage.watch(brandContext);
    const brandPage: Page = await brandContext.newPage();
    await signIn(brandPage, venue.account);
    await brandPage.goto('/bookings/pending');
    await expect(brandPage.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

    // The influencer waits on their upcoming visits.
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, ivy);
    await page.goto('/bookings/upcoming');
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

    // The influencer requests a visit.
    await pendingBooking(request, {
      brand: venue,
      campaignId: venue.campaignId,
      media: ivy,
      date: dayFromToday(5),
      time: '12:00',
      guests: 2,
    });

    // The brand's bell rises and the request appears in the open list, without a reload.
    await expect(brandPage.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible({ timeout: 5000 });
    const card = brandPage.getByRole('article', { name: 'Ivy Noodle' });
    await expect(card).toBeVisible({ timeout: 5000 });
    await brandPage.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    const brandPanel = brandPage.getByRole('dialog', { name: 'Notifications' });
    await expect(brandPanel.getByRole('link', { name: /New booking request/ })).toContainText(
      'Ivy Noodle asked to visit',
    );
    await brandPage.keyboard.press('Escape');
    await card.getByRole('button', { name: /^Accept Ivy Noodle/ }).click();
    await expect(brandPage.getByText('Great! The booking was updated')).toBeVisible();

    // The influencer's bell rises and the accepted visit appears in the open list.
    await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible({ timeout: 5000 });
    const visit = page.getByRole('article', { name: VENUE });
    await expect(visit).toBeVisible({ timeout: 5000 });
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel.getByRole('link', { name: /Booking accepted/ })).toContainText(`${VENUE} accepted your visit`);
    await page.keyboard.press('Escape');

    // Message on the card opens the booking's thread, whose story shows the request and the accept.
    await visit.getByRole('link', { name: new RegExp(`^Message ${VENUE}`) }).click();
    await expect(page.getByRole('heading', { name: VENUE, level: 1 })).toBeVisible();
    const thread = page.getByRole('list', { name: 'Messages' });
    await expect(thread).toContainText('Booking requested');
    await expect(thread).toContainText('Booking accepted');
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Thank you! Is there a vegetarian broth?');
    await box.press('Enter');
    await expect(thread).toContainText('vegetarian broth');

    // The brand answers from its card's Message (the card moved to Upcoming).
    await brandPage.goto('/bookings/upcoming');
    await brandPage
      .getByRole('article', { name: 'Ivy Noodle' })
      .getByRole('link', { name: /^Message Ivy Noodle/ })
      .click();
    await expect(brandPage.getByRole('heading', { name: 'Ivy Noodle', level: 1 })).toBeVisible();
    const brandThread = brandPage.getByRole('list', { name: 'Messages' });
    await expect(brandThread).toContainText('vegetarian broth');
    await expect(brandThread).toContainText('Booking accepted');
    const brandBox = brandPage.getByRole('textbox', { name: 'Message' });
    await brandBox.fill('Yes, a mushroom broth. See you soon!');
    await brandBox.press('Enter');
    await expect(thread).toContainText('mushroom broth', { timeout: 5000 });
    await expectNoSeriousA11yViolations(page);
    await brandContext.close();
  });

  test('the booking thread reads well on a phone, and /inbox passes axe', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, ivy);
    await page.goto('/inbox');
    const row = page.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: new RegExp(VENUE) });
    await expect(row).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await row.click();
    await expect(page.getByRole('heading', { name: VENUE, level: 1 })).toBeVisible();
    const thread = page.getByRole('list', { name: 'Messages' });
    await expect(thread).toContainText('Booking accepted');
    await expect(thread).toContainText('mushroom broth');
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeInViewport();
    expect(await horizontalOverflow(page)).toBeNull();
    await expectNoSeriousA11yViolations(page);
  });
});
