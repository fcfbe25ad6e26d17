/**
 * What the comps bought and how media users find them (issue 16; decisions.md "Beyond the
 * specification"): post links checked against their network and the user's handle, the brand's
 * delivered posts, /insights with its figures and CSV export, and the discovery filters of /campaigns.
 */
import fs from 'node:fs';

import type { Page } from '@playwright/test';

import { expectNoSeriousA11yViolations } from '../support/a11y';
import { setClock } from '../support/api';
import { horizontalOverflow } from '../support/layout';
import type { Account, BrandWithCampaign } from '../support/setup';
import { acceptedBooking, approvedMediaUser, brandWithApprovedCampaign, dayFromToday, signIn } from '../support/setup';
import { asUsersBuild, expect, test } from '../support/test';
import { noShowThroughApi } from '../support/visits';

const PHONE = { width: 390, height: 844 };
// Names of this run's own: a retry sets the world up again, and the first try's brand and campaign
// are still listed beside the new ones.
const RUN = Math.random().toString(36).slice(2, 6);
const BRAND_NAME = `Skyline Social ${RUN}`;
const CAMPAIGN = `Rooftop tasting ${RUN}`;
const CSV_HEADER =
  'id,status,booking_date,booking_time,guests,campaign_id,campaign,location_id,location,influencer,type,' +
  'compensation,comp_value,checked_in_at,completed,posts,stories,propertyOption,rate_vibe,rate_food,' +
  'rate_service,rate_general,rate,review,created_at';

/** MUI Rating keeps its radios visually hidden: pick a star through its label. */
async function rate(page: Page, label: string) {
  const id = await page.getByRole('radio', { name: label, exact: true }).getAttribute('id');
  await page.locator(`label[for="${id}"]`).click();
}

/** Submits the task form and confirms in the "Complete task" dialog. */
async function submitTask(page: Page) {
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('dialog', { name: 'Complete task' }).getByRole('button', { name: 'All good' }).click();
}

/** A headline tile of /insights: its figure, by its label. */
function figure(page: Page, label: string) {
  return page
    .locator('dl > *')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');
}

test.describe.serial('post links, insights and discovery', () => {
  let brand: BrandWithCampaign;
  let ines: Account;
  let noah: Account;
  let inesBooking: number;
  let noahBooking: number;
  const visitDay = dayFromToday(2);
  const to = dayFromToday(7);

  test.beforeAll(async ({ request }) => {
    await setClock(request, null);
    // A paying brand in Brooklyn (ZIP 11201, about 4 miles from Midtown's 10001), its location open
    // 09:00-22:00 every day, with an approved campaign asking one post and one story.
    brand = await brandWithApprovedCampaign(request, {
      emailPrefix: 'insights-brand',
      name: BRAND_NAME,
      address: '9 Front St',
      zip: '11201',
      location: { name: 'Skyline Roof', address: '9 Front St, Brooklyn', email: 'roof@example.test' },
      campaign: {
        name: CAMPAIGN,
        description: 'Small plates on our roof.',
        target: ['influencer'],
        tier_range_influencer: [1, 2],
        booking: { compensation: 75, max_bookings_per_week: 5, max_guests: 2 },
        influencer_instructions: {
          posts_required: 1,
          stories_required: 1,
          tagging_required: true,
          geotag_required: false,
          hashtags: ['skylinesocial'],
        },
      },
    });
    ines = await approvedMediaUser(request, {
      emailPrefix: 'insights-ines',
      type: 'influencer',
      name: 'Ines Insight',
      instagram: 'ines.eats',
    });
    noah = await approvedMediaUser(request, {
      emailPrefix: 'insights-noah',
      type: 'influencer',
      name: 'Noah Nearby',
      instagram: 'noah.bites',
    });
    const visit = { brand, campaignId: brand.campaignId, date: visitDay };
    inesBooking = await acceptedBooking(request, { ...visit, media: ines, time: '12:00', guests: 2 });
    noahBooking = await acceptedBooking(request, { ...visit, media: noah, time: '13:00', guests: 1 });
    // 21:00 UTC is 4 or 5 PM in New York: after both visits, within 12 hours of them. Noah did not come.
    await setClock(request, new Date(`${visitDay}T21:00:00Z`));
    await noShowThroughApi(request, brand, noahBooking);
  });

  test.afterAll(async ({ request }) => {
    await setClock(request, null);
  });

  test('a post link on the wrong site or account is refused under the field; the right one completes', async ({
    page,
  }) => {
    await setClock(page.request, new Date(`${visitDay}T21:00:00Z`));
    await signIn(page, ines);
    await page.goto('/tasks');
    await page.getByRole('link', { name: `Complete Task: Visit report: ${CAMPAIGN}` }).click();
    await expect(page.getByRole('heading', { name: 'Task Details' })).toBeVisible();
    const link = page.getByRole('textbox', { name: /Post #1 link/ });
    await page.getByRole('checkbox', { name: "Yes, I've posted the 1 required story" }).check();
    await rate(page, 'Very Good');
    await page.getByRole('checkbox', { name: /I confirm/ }).check();

    // A URL, but not a post on Instagram, TikTok or X: said under the field when Submit is pressed,
    // before the confirmation that cannot be undone.
    const submit = page.getByRole('button', { name: 'Submit' });
    await link.fill('https://example.com/x');
    await submit.click();
    await expect(page.getByText('This link is not an Instagram, TikTok or X post.')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Complete task' })).toHaveCount(0);
    await expect(link).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/tasks\/\d+$/);

    // An Instagram post, but somebody else's.
    await link.fill('https://www.instagram.com/someone.else/p/Cx7rooftop/');
    await submit.click();
    await expect(page.getByText('This post belongs to @someone.else, not @ines.eats.')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Complete task' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await link.fill('https://www.instagram.com/ines.eats/p/Cx7rooftop/');
    await submitTask(page);
    await expect(page).toHaveURL(/\/tasks$/);
    await expect(page.getByText(`Thanks! ${BRAND_NAME} has been notified.`)).toBeVisible();
  });

  test('the brand sees the delivered posts, and how each was checked, opening in a new tab', async ({ page }) => {
    await signIn(page, brand.account);
    await page.goto('/bookings/upcoming');
    const posts = page.getByRole('article', { name: 'Ines Insight' }).getByRole('region', { name: 'Delivered posts' });
    // The post's address names Ines's own account: the offline rules read only the address, so the
    // brand is told just that (a post that does not exist would read the same). The story has no link.
    const post = posts.getByRole('listitem').filter({ hasText: 'Instagram post 1' });
    await expect(post).toContainText('link format checked');
    const postLink = post.getByRole('link', { name: 'Instagram post 1 (opens in a new tab)' });
    await expect(postLink).toHaveAttribute('href', 'https://www.instagram.com/ines.eats/p/Cx7rooftop/');
    await expect(postLink).toHaveAttribute('target', '_blank');
    await expect(postLink).toHaveAttribute('rel', /noopener/);
    const story = posts.getByRole('listitem').filter({ hasText: 'Instagram story 1' });
    await expect(story).toContainText('not checked');
    await expect(story.getByRole('link')).toHaveAttribute('target', '_blank');
    await expectNoSeriousA11yViolations(page);
    // The hidden "(opens in a new tab)" stays one pixel wide: the page does not scroll sideways, on a
    // desktop or on a phone.
    expect(await horizontalOverflow(page), 'desktop').toBeNull();
    await page.setViewportSize(PHONE);
    await expect(posts).toBeVisible();
    expect(await horizontalOverflow(page), 'phone').toBeNull();
  });

  test('the brand reads its insights and downloads the bookings behind them as CSV', async ({ page }) => {
    await signIn(page, brand.account);
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Insights' }).first().click();
    await expect(page).toHaveURL(/\/insights/);
    await expect(page.getByRole('heading', { name: 'Insights', level: 1 })).toBeVisible();
    // The default range ends today; the visits were two days on: widen it.
    const from = await page.getByLabel('From').inputValue();
    await page.getByLabel('To').fill(to);
    await expect(page).toHaveURL(new RegExp(`from=${from}&to=${to}`));

    // Ines's visit: 2 guests x $75, one post and one story, rated 5; Noah's no-show costs nothing.
    await expect(figure(page, 'Visits hosted')).toHaveText('1');
    await expect(figure(page, 'Comps given')).toHaveText('$150');
    await expect(figure(page, 'Posts and stories')).toHaveText('1 + 1');
    await expect(figure(page, 'Cost per post')).toHaveText('$150');
    await expect(figure(page, 'No-shows')).toHaveText('1');
    await expect(figure(page, 'Average rating')).toHaveText('5.0');
    const table = page.getByRole('table', { name: 'Figures per campaign' });
    const cells = ['1', '$150', '1', '1', '1', '–', '5.0 / 5.0 / 5.0 / 5.0', '$150'];
    await expect(table.getByRole('row', { name: new RegExp(`^${CAMPAIGN}`) }).getByRole('cell')).toHaveText(cells);
    await expect(table.getByRole('row', { name: /^Total/ }).getByRole('cell')).toHaveText(cells);
    await expect(page.getByRole('heading', { name: 'Bookings per week' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    const name = `comped-bookings-${from}-to-${to}.csv`;
    expect(download.suggestedFilename()).toBe(name);
    await expect(page.getByText(`Downloaded ${name}`)).toBeVisible();
    const file = fs.readFileSync((await download.path())!, 'utf8');
    // A UTF-8 byte order mark first, so Excel reads accented names.
    expect(file.charCodeAt(0)).toBe(0xfeff);
    const lines = file
      .slice(1)
      .split('\r\n')
      .filter((l) => l !== '');
    expect(lines[0]).toBe(CSV_HEADER);
    // One row per booking, in id order.
    expect(lines).toHaveLength(3);
    const cols = CSV_HEADER.split(',');
    const rows = lines.slice(1).map((l) => Object.fromEntries(l.split(',').map((v, i) => [cols[i], v])));
    expect(rows[0]).toMatchObject({
      id: String(inesBooking),
      status: 'accepted',
      booking_date: visitDay,
      guests: '2',
      campaign: CAMPAIGN,
      location: 'Skyline Roof',
      influencer: 'Ines Insight',
      comp_value: '150',
      completed: 'true',
      posts: '1',
      stories: '1',
      rate_general: '5',
    });
    expect(rows[1]).toMatchObject({
      id: String(noahBooking),
      status: 'no_show',
      guests: '1',
      influencer: 'Noah Nearby',
      comp_value: '0',
      completed: 'false',
      posts: '0',
    });

    // On a phone the figures table scrolls inside its own box, which a keyboard can reach and scroll
    // (axe scrollable-region-focusable); the page itself does not scroll sideways.
    await page.setViewportSize(PHONE);
    const scroller = page.getByRole('region', { name: 'Figures per campaign, scrollable' });
    await expect(scroller.getByRole('table', { name: 'Figures per campaign' })).toBeVisible();
    await scroller.focus();
    await expect(scroller).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page);
    expect(await horizontalOverflow(page)).toBeNull();
  });

  test('on a phone, an influencer finds the campaign near a ZIP on a free day; no match offers Clear filters', async ({
    page,
  }) => {
    await setClock(page.request, null);
    const freeDay = dayFromToday(5);
    await page.setViewportSize(PHONE);
    await signIn(page, noah);
    await page.goto('/campaigns');
    const rooftop = page.getByRole('link', { name: `More details about ${CAMPAIGN}` });
    await expect(rooftop).toBeVisible();
    // The place and the day fold behind a button on a phone, so the first card is on the first screen.
    expect((await rooftop.boundingBox())!.y).toBeLessThan(PHONE.height);
    await expect(page.getByRole('textbox', { name: 'Near ZIP' })).toBeHidden();
    await page.getByRole('button', { name: 'More filters' }).click();

    await page.getByRole('textbox', { name: 'Near ZIP' }).fill('10001');
    await expect(page).toHaveURL(/near=10001&miles=25/);
    // The browser's own select: the phone's picker.
    await page.getByRole('combobox', { name: 'Distance' }).selectOption({ label: '5 miles' });
    await page.getByLabel("I'm free on").fill(freeDay);
    await expect(page).toHaveURL(new RegExp(`/campaigns\\?near=10001&miles=5&date=${freeDay}$`));
    await expect(rooftop).toBeVisible();
    await expect(page.getByText(`by ${BRAND_NAME}`)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /campaigns?$/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath('discovery-phone.png'), fullPage: true });

    // The filters live in the URL: a reload keeps them, folded and counted.
    await page.reload();
    const more = page.getByRole('button', { name: 'More filters (2)' });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await more.click();
    await expect(page.getByRole('textbox', { name: 'Near ZIP' })).toHaveValue('10001');
    await expect(page.getByLabel("I'm free on")).toHaveValue(freeDay);
    await expect(rooftop).toBeVisible();

    // Los Angeles: nothing within 5 miles.
    await page.getByRole('textbox', { name: 'Near ZIP' }).fill('90001');
    await expect(page).toHaveURL(/near=90001&miles=5/);
    await expect(page.getByText('No campaigns match.')).toBeVisible();
    await expect(rooftop).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/campaigns$/);
    await expect(rooftop).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Near ZIP' })).toHaveValue('');
    await expect(page.getByLabel("I'm free on")).toHaveValue('');
  });
  test("a first load of /campaigns asks for the page's code before React starts, and the cards come with the page's first render", async ({
    page,
  }) => {
    await signIn(page, noah);
    await asUsersBuild(page);
    // Before any of the app's code: when main.tsx first looks for #root (React starts), and how many
    // cards are on the page when its heading first appears.
    await page.addInitScript(() => {
      const seen = window as unknown as { rootAt?: number; cardsWithHeading?: number };
      const getElementById = Document.prototype.getElementById;
      Document.prototype.getElementById = function (this: Document, id: string) {
        if (id === 'root' && seen.rootAt === undefined) seen.rootAt = performance.now();
        return getElementById.call(this, id);
      };
      new MutationObserver((_, observer) => {
        if (document.querySelector('h1')?.textContent !== 'Campaigns') return;
        seen.cardsWithHeading = document.querySelectorAll('[data-testid="campaign-card"]').length;
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    // The page's chunk waits for the early answer (boot/early-campaigns.ts), as on a phone's network
    // where the answer is in before the page's code.
    let answered = () => {};
    const answer = new Promise<void>((resolve) => (answered = resolve));
    page.on('requestfinished', (r) => {
      if (/\/api\/v1\/influencers\/\d+\/campaigns\?/.test(r.url())) answered();
    });
    await page.route(/\/assets\/campaigns-[\w-]+\.js$/, async (route) => {
      await answer;
      await route.continue();
    });
    await page.goto('/campaigns');
    await expect(page.getByTestId('campaign-card').first()).toBeVisible();
    const seen = await page.evaluate(() => {
      const chunk = performance
        .getEntriesByType('resource')
        .find((e) => /\/assets\/campaigns-[\w-]+\.js$/.test(e.name));
      const w = window as unknown as { rootAt?: number; cardsWithHeading?: number };
      return { chunkAskedAt: chunk?.startTime, rootAt: w.rootAt, cardsWithHeading: w.cardsWithHeading };
    });
    // boot/early-start.ts ran before React: the page's chunk was asked for first.
    expect(seen.chunkAskedAt).toBeDefined();
    expect(seen.rootAt).toBeDefined();
    expect(seen.chunkAskedAt!).toBeLessThan(seen.rootAt!);
    // The early answer was the list's initial data: the cards came with the heading, not a render later.
    expect(seen.cardsWithHeading).toBeGreaterThan(0);
  });
  test('on a phone, the first card paints before the sidebar and the shared MUI code load; the menu still opens', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, noah);
    // The sidebar's chunk is held back until the test has seen the menu opening without it.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/nav-drawer-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // The scripts the page asks for, in order, until the first card shows (docs/performance.md, "The first card").
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/campaigns');
    await expect(page.getByTestId('campaign-card').first()).toBeVisible();
    const beforeFirstCard = [...scripts];
    expect(beforeFirstCard.some((s) => /\/assets\/campaigns-/.test(s))).toBe(true);
    expect(beforeFirstCard.filter((s) => /\/assets\/(mui|nav-drawer)-/.test(s))).toEqual([]);
    // The sidebar's code loads on the first tap of "Open menu" at the latest; until it is in, the
    // menu's panel shows a spinner.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Opening the menu' })).toBeVisible();
    release();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Bookings' })).toBeVisible();
    expect(scripts.some((s) => /\/assets\/nav-drawer-/.test(s))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();

    // Menu open, then the screen turns wide (a tablet to landscape): the menu closes and the sidebar
    // stands beside the page, which scrolls again.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Bookings' })).toBeVisible();
    await expect(page.locator('body')).not.toHaveCSS('overflow', 'hidden');
  });
});
