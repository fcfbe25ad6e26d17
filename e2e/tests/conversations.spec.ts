/**
 * Conversations and live notifications (issue 26), in two browser contexts: a journalist contacts a
 * brand; the brand's bell and inbox count change without a reload; the brand answers in the thread
 * and the journalist, whose thread is open, reads it as it arrives ("Seen" follows). The thread on a
 * phone, and axe on /inbox and /inbox/{id}.
 */
import type { BrowserContext, Page } from '@playwright/test';

import { expectNoSeriousA11yViolations } from '../support/a11y';
import { horizontalOverflow } from '../support/layout';
import type { Account, BrandWithCampaign } from '../support/setup';
import { approvedMediaUser, brandWithApprovedCampaign, signIn, staffAccount } from '../support/setup';
import { expect, test } from '../support/test';

const BRAND = 'Harbor Oyster Bar';
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
    // A quick reply, and the brand sees it live too.
    await page.getByRole('button', { name: 'Thank you for having me!' }).click();
    await expect(brandPage.getByRole('list', { name: 'Messages' })).toContainText('Thank you for having me!', {
      timeout: 5000,
    });
    await brandContext.close();
  });

  test('the thread reads well on a phone, and /inbox passes axe there', async ({ page }) => {
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
    expect(await horizontalOverflow(page)).toBeNull();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath('thread-phone.png'), fullPage: true });
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
    await expect(item).toContainText('Tuesday at 6 works');
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
