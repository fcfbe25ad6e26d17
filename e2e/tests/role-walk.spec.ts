/**
 * The role walk (issues 10, 14 and 23): every route each role can reach (spec section 2, the staff console,
 * /insights, detail pages with real ids), at a desktop and at a phone size. On every page: one main
 * heading (h1) with the expected text, the document title "<title> · Comped", no serious or critical
 * axe-core violation (WCAG 2.2 A and AA), and nothing the shared fixture calls broken (page errors,
 * console errors, 5xx, error screens). On the phone the navigation drawer is opened and scanned too.
 *
 * Every page also scrolls no further than its content: not below it, and not sideways at either size.
 *
 * One seeded world serves every role. A new page is covered by adding one line to WALK; a page with a
 * known, not yet fixed problem gets `fixme: 'what is wrong'` on its line (it becomes a test.fixme).
 */
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';

import { seriousA11yViolations } from '../support/a11y';
import { bearer, setClock, STAFF, uniqueEmail } from '../support/api';
import { horizontalOverflow } from '../support/layout';
import type { Account, BrandWithLocation, CampaignFields } from '../support/setup';
import {
  acceptedBooking,
  approvedCampaign,
  approvedMediaUser,
  dayFromToday,
  expectOk,
  logInThroughForm,
  payingBrandWithLocation,
  registerBrand,
  staffToken,
  submittedCampaign,
} from '../support/setup';
import { expect, test } from '../support/test';

const BRAND = 'Walkabout Kitchen';
const NEW_BRAND = 'Unpaid Noodle Bar';
const LIVE = 'Walkabout tasting menu';
const SECOND = 'Walkabout brunch club';
const DRAFT = 'Walkabout wine night';
const IN_REVIEW = 'Walkabout oyster hour';
const IVY = 'Ivy Walker';
const JO = 'Jo Stroller';
const JO_MESSAGE = 'Could I write about your tasting menu?';
const BRAND_PASSWORD = 'secret-password';
const MEDIA_PASSWORD = 'media-password';
const SERVICE_WORKER_BLOCKED = 'Service Worker registration blocked by Playwright';

type Role = 'visitor' | 'brand without plan' | 'brand with plan' | 'influencer' | 'journalist' | 'staff';

/** One page of a role's walk. */
interface Stop {
  /** The URL; `:name` is filled in with the world's id of that name (see World['ids']). */
  path: string;
  /** The text of the page's one h1. */
  heading: string;
  /** The document title before " · Comped"; default: the heading. */
  title?: string;
  /** A text the page shows once its data is in (proves the list or detail is not empty). */
  shows?: string;
  /** Pages fed through navigation state: open `path` and click the link named `link`. */
  from?: { path: string; link: string };
  /** A known problem not fixed yet: the line becomes a test.fixme saying what is wrong. */
  fixme?: string;
}

const SETTINGS: Stop[] = [
  { path: '/settings', heading: 'Settings' },
  { path: '/settings/password-change', heading: 'Change password' },
];

function mediaWalk(first: string, name: string, other: string): Stop[] {
  return [
    { path: '/dashboard', heading: `Hello, ${first}`, title: 'Dashboard', shows: 'Upcoming visit' },
    { path: '/campaigns', heading: 'Campaigns', shows: SECOND },
    { path: '/campaigns/:live', heading: LIVE, shows: BRAND },
    { path: '/campaigns/:second/book', heading: 'Request a booking', title: `Book ${SECOND}`, shows: SECOND },
    { path: '/brands/:brand', heading: 'Brand', title: BRAND, from: { path: '/campaigns/:live', link: BRAND } },
    { path: '/bookings', heading: 'Bookings', shows: SECOND },
    { path: '/bookings/pending', heading: 'Bookings', shows: SECOND },
    { path: '/bookings/upcoming', heading: 'Bookings', shows: LIVE },
    { path: '/bookings/past', heading: 'Bookings' },
    { path: `/bookings/:${first.toLowerCase()}Booking/pass`, heading: 'Visit pass', shows: 'Check-in code' },
    { path: '/tasks', heading: 'Tasks', shows: BRAND },
    { path: `/tasks/:${first.toLowerCase()}Task`, heading: 'Task Details', shows: BRAND },
    { path: '/invitations', heading: 'Invitations' },
    { path: '/waitlist', heading: 'Waitlist' },
    { path: '/profile', heading: 'Profile', shows: name },
    { path: `/profile/:${first.toLowerCase()}`, heading: 'Media profile', title: name, shows: name },
    // Another media user's profile is not for them: said so, without a refused request.
    { path: `/profile/:${other}`, heading: 'Profile not available', shows: 'not to other media users' },
    ...SETTINGS,
  ];
}

/** Every route of every role. */
const WALK: Record<Role, Stop[]> = {
  visitor: [
    { path: '/login', heading: 'Welcome Back' },
    { path: '/signup', heading: 'Create Account', shows: 'SIGN UP AS A BRAND' },
    { path: '/signup?tab=media', heading: 'Create Account', shows: 'SIGN UP AS MEDIA' },
    { path: '/password-reset', heading: 'Forgot your password' },
  ],
  'brand without plan': [
    { path: '/plans', heading: 'Choose your plan', shows: 'Brand Plan' },
    { path: '/plans/payment', heading: 'Secure payment', shows: 'Renews monthly' },
    { path: '/plans/confirm/:payment', heading: 'Confirm your payment', shows: 'ending in 3184' },
    // The public profile of a media user is outside the plan guard, but shown to brands with a plan.
    { path: '/profile/:ivy', heading: 'Profile not available', shows: 'Choose a plan' },
    ...SETTINGS,
  ],
  'brand with plan': [
    { path: '/dashboard', heading: 'Dashboard', shows: LIVE },
    { path: '/campaigns', heading: 'Campaigns', shows: LIVE },
    { path: '/campaigns/:live', heading: LIVE, shows: 'See Bookings' },
    { path: '/campaigns/:draft', heading: DRAFT },
    { path: '/brands/:brand', heading: 'Brand', title: BRAND, from: { path: '/campaigns/:live', link: BRAND } },
    { path: '/create/generalupdates', heading: 'New General Updates campaign' },
    { path: '/create/opening', heading: 'New Opening campaign' },
    { path: '/create/singledayevent', heading: 'New Single-Day Event campaign' },
    {
      path: '/edit/campaign/:draft',
      heading: 'Edit General Updates campaign',
      shows: 'Our team sent this campaign back',
    },
    { path: '/bookings', heading: 'Bookings', shows: IVY },
    { path: '/bookings/pending', heading: 'Bookings', shows: JO },
    { path: '/bookings/upcoming', heading: 'Bookings', shows: IVY },
    { path: '/bookings/past', heading: 'Bookings' },
    { path: '/insights', heading: 'Insights' },
    { path: '/profile', heading: 'Profile', shows: BRAND },
    { path: '/profile/edit', heading: 'Edit profile' },
    { path: '/profile/location', heading: 'Add location' },
    { path: '/profile/location/:location', heading: 'Edit location' },
    { path: '/profile/menus', heading: 'Menus' },
    { path: '/profile/team', heading: 'Team', shows: 'No team members yet' },
    { path: '/door', heading: 'Door' },
    { path: '/creators', heading: 'Creators' },
    { path: '/content', heading: 'Content' },
    { path: '/profile/:ivy', heading: 'Media profile', title: IVY, shows: IVY },
    { path: '/inbox', heading: 'Inbox', shows: JO },
    { path: '/inbox/:joConversation', heading: JO, title: `Conversation with ${JO}`, shows: JO_MESSAGE },
    ...SETTINGS,
  ],
  // Ivy's bookings opened their conversations with the brand (issue 26, phase B).
  influencer: [...mediaWalk('Ivy', IVY, 'jo'), { path: '/inbox', heading: 'Inbox', shows: BRAND }],
  journalist: [
    ...mediaWalk('Jo', JO, 'ivy'),
    { path: '/inbox', heading: 'Inbox', shows: BRAND },
    { path: '/inbox/:joConversation', heading: BRAND, title: `Conversation with ${BRAND}`, shows: JO_MESSAGE },
  ],
  staff: [
    { path: '/admin', heading: 'Applications', shows: 'Walk Applicant' },
    { path: '/admin/campaigns', heading: 'Campaign review', shows: IN_REVIEW },
    { path: '/admin/outbox', heading: 'Outbox' },
    { path: '/admin/disputes', heading: 'No-show disputes' },
    { path: '/admin/reports', heading: 'Reported conversations' },
    { path: '/admin/analytics', heading: 'Analytics' },
    { path: '/admin/health', heading: 'Marketplace health', shows: 'Bookings requested' },
    ...SETTINGS,
  ],
};

/** Where each role lands after signing in through /login (spec section 4); a visitor does not sign in. */
const LANDING: Record<Role, string | null> = {
  visitor: null,
  'brand without plan': '/plans',
  'brand with plan': '/campaigns',
  influencer: '/campaigns',
  journalist: '/campaigns',
  staff: '/admin',
};

const VIEWPORTS = [
  { name: 'desktop', size: { width: 1280, height: 800 } },
  { name: 'phone', size: { width: 390, height: 844 } },
] as const;

interface World {
  logins: Record<Exclude<Role, 'visitor'>, { email: string; password: string }>;
  /** The ids the walk's paths name (`:live` etc.). */
  ids: Record<string, string | number>;
}

const campaign = (name: string): CampaignFields => ({
  name,
  description: `${name}: a walk through every page.`,
  target: ['influencer', 'journalist'],
  tier_range_influencer: [1, 2],
  tier_range_journalist: [1, 2],
  booking: { compensation: 50, max_bookings_per_week: 20, max_guests: 2 },
});

/** A booking request the brand leaves pending. */
async function pendingBooking(
  request: APIRequestContext,
  brand: BrandWithLocation,
  campaignId: number,
  media: Account,
  time: string,
): Promise<void> {
  await expectOk(
    await request.post('/api/v1/bookings', {
      headers: bearer(media.token),
      data: {
        campaign_id: campaignId,
        location_id: brand.locationId,
        booking_date: dayFromToday(5),
        booking_time: time,
        guests: 2,
      },
    }),
  );
}

/** The open task of the media user's booking. */
async function taskOf(request: APIRequestContext, media: Account, bookingId: number): Promise<number> {
  const tasks = await expectOk<{ data: { id: number; booking: { id: number } }[] }>(
    await request.get(`/api/v1/influencers/${media.user.id}/tasks?filter[completed]=0`, {
      headers: bearer(media.token),
    }),
  );
  return tasks.data.find((t) => t.booking.id === bookingId)!.id;
}

/** A first payment waiting for 3-D Secure (the local provider's test card 4000 0027 6000 3184). */
async function waitingPayment(request: APIRequestContext, token: string): Promise<string> {
  const headers = bearer(token);
  const plan = (
    await expectOk<{ data: { id: number }[] }>(await request.get('/api/v1/subscriptions/products', { headers }))
  ).data[0]!;
  const pm = await expectOk<{ data: { id: string } }>(
    await request.post('/api/v1/payment-methods', {
      headers,
      data: { cardholder_name: 'Una Paid', number: '4000002760003184', exp_month: 12, exp_year: 2035, cvc: '123' },
    }),
  );
  const res = await request.post('/api/v1/subscriptions', {
    headers,
    data: { selected_plan: plan.id, payment_method: pm.data.id },
  });
  expect(res.status(), await res.text()).toBe(202);
  return ((await res.json()) as { data: { payment: { id: string } } }).data.payment.id;
}

/**
 * A brand without a plan (a first payment waiting for 3-D Secure), a paying brand with a location, two
 * live campaigns, one sent back to draft and one in review, an influencer and a journalist each with an
 * accepted visit (so a task) and a pending request, and a media application waiting for staff.
 */
async function seedWorld(request: APIRequestContext): Promise<World> {
  await setClock(request, null);
  const unpaid = await registerBrand(request, {
    emailPrefix: 'walk-unpaid',
    name: NEW_BRAND,
    address: '4 Unpaid Lane',
    password: BRAND_PASSWORD,
  });
  const payment = await waitingPayment(request, unpaid.token);

  const brand = await payingBrandWithLocation(request, {
    emailPrefix: 'walk-brand',
    name: BRAND,
    address: '1 Walk Street',
    password: BRAND_PASSWORD,
    location: { name: 'Walk Room', address: '1 Walk Street, New York', email: 'walk@example.test' },
  });
  const live = await approvedCampaign(request, brand, campaign(LIVE));
  const second = await approvedCampaign(request, brand, campaign(SECOND));
  const draft = await submittedCampaign(request, brand, campaign(DRAFT));
  const staff = await staffToken(request);
  await expectOk(
    await request.post(`/api/v1/admin/campaigns/${draft}/reject`, {
      headers: bearer(staff),
      data: { reason: 'Please add the wine list to the description.' },
    }),
  );
  await submittedCampaign(request, brand, campaign(IN_REVIEW));

  const ivy = await approvedMediaUser(request, {
    emailPrefix: 'walk-ivy',
    type: 'influencer',
    name: IVY,
    instagram: 'ivy.walks',
    password: MEDIA_PASSWORD,
  });
  const jo = await approvedMediaUser(request, {
    emailPrefix: 'walk-jo',
    type: 'journalist',
    name: JO,
    instagram: 'jo.strolls',
    press: { workplace: 'The Walking Times', press1: 'https://news.example/a', press2: 'https://news.example/b' },
    password: MEDIA_PASSWORD,
  });
  const visit = { brand, campaignId: live, date: dayFromToday(3), guests: 2 };
  const ivyBooking = await acceptedBooking(request, { ...visit, media: ivy, time: '12:00' });
  const joBooking = await acceptedBooking(request, { ...visit, media: jo, time: '13:00' });
  await pendingBooking(request, brand, second, ivy, '18:00');
  await pendingBooking(request, brand, second, jo, '19:00');

  // Jo's Contact Brand: a conversation for the inboxes.
  const contact = await expectOk<{ data: { conversation_id: number } }>(
    await request.post(`/api/v1/influencers/${jo.user.id}/contactbrand`, {
      headers: bearer(jo.token),
      data: { message: JO_MESSAGE, brand_id: brand.brandId },
    }),
  );

  // A media application waiting in the staff console.
  await expectOk(
    await request.post('/api/v1/influencers', {
      data: {
        name: 'Walk Applicant',
        email: uniqueEmail('walk-applicant'),
        type: 'influencer',
        instagram: 'walk.applies',
      },
    }),
  );

  return {
    logins: {
      'brand without plan': { email: unpaid.email, password: BRAND_PASSWORD },
      'brand with plan': { email: brand.account.email, password: BRAND_PASSWORD },
      influencer: { email: ivy.email, password: MEDIA_PASSWORD },
      journalist: { email: jo.email, password: MEDIA_PASSWORD },
      staff: STAFF,
    },
    ids: {
      payment,
      brand: brand.brandId,
      location: brand.locationId,
      live,
      second,
      draft,
      ivy: ivy.user.id,
      jo: jo.user.id,
      ivyBooking,
      joBooking,
      ivyTask: await taskOf(request, ivy, ivyBooking),
      joTask: await taskOf(request, jo, joBooking),
      joConversation: contact.data.conversation_id,
    },
  };
}

function fill(path: string, world: World): string {
  return path.replace(/:(\w+)/g, (_m, name: string) => {
    const id = world.ids[name];
    if (id === undefined) throw new Error(`the walk's world has no id "${name}" (in ${path})`);
    return String(id);
  });
}

/** The page's URL is `url` (path and query) and nothing else. */
function exactly(url: string): RegExp {
  return new RegExp(`^[^/]+//[^/]+${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

/**
 * A context of the viewport's size, watched by the fixture, signed in through /login as `role` (where
 * it lands is checked); the visitor stays signed out.
 */
async function openAs(
  browser: Browser,
  baseURL: string | undefined,
  watch: (context: BrowserContext) => Promise<void>,
  viewport: { width: number; height: number },
  role: Role,
  world: World,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport });
  await watch(context);
  const page = await context.newPage();
  const landing = LANDING[role];
  if (role !== 'visitor' && landing) {
    const login = world.logins[role];
    await logInThroughForm(page, login.email, login.password);
    await expect(page, `${role} lands on ${landing}`).toHaveURL(exactly(landing));
  }
  return { context, page };
}

/** Opens one stop and checks heading, title, content and axe (softly: the walk goes on). */
async function walkTo(page: Page, stop: Stop, world: World): Promise<void> {
  const url = fill(stop.path, world);
  if (stop.from) {
    await page.goto(fill(stop.from.path, world));
    await page.getByRole('main').getByRole('link', { name: stop.from.link, exact: true }).click();
  } else {
    await page.goto(url);
  }
  await expect(page, 'the page is where the walk went (no redirect)').toHaveURL(exactly(url));
  const h1 = page.getByRole('main').getByRole('heading', { level: 1 });
  await expect.soft(h1, `${url}: one main heading, "${stop.heading}"`).toHaveText([stop.heading]);
  await expect.soft(h1, `${url}: the heading is visible`).toBeVisible();
  if (stop.shows) {
    await expect
      .soft(page.getByRole('main').getByText(stop.shows).first(), `${url} shows "${stop.shows}"`)
      .toBeVisible();
  }
  // Nothing still loading when axe looks.
  await expect.soft(page.locator('main [role="status"] .MuiCircularProgress-root'), `${url} has loaded`).toHaveCount(0);
  await expect.soft(page, `${url}: document title`).toHaveTitle(`${stop.title ?? stop.heading} · Comped`);
  expect.soft(await seriousA11yViolations(page), `axe on ${url}`).toEqual([]);
  // The page scrolls as far as its content and no further (no blank screen below it).
  const { scrollHeight, mainBottom } = await page.evaluate(() => ({
    scrollHeight: document.documentElement.scrollHeight,
    mainBottom: Math.ceil(document.querySelector('main')!.getBoundingClientRect().bottom + window.scrollY),
  }));
  expect.soft(scrollHeight, `${url}: no scroll past the page's content`).toBeLessThanOrEqual(mainBottom + 1);
  // Nor sideways, at either size: a wide thing scrolls inside its own box.
  expect.soft(await horizontalOverflow(page), `${url}: no sideways scroll`).toBeNull();
}

/** On the phone: the navigation drawer opens, lists the role's sections and passes axe while open. */
async function checkDrawer(page: Page): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(nav).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Settings' })).toBeVisible();
  expect.soft(await seriousA11yViolations(page), 'axe with the navigation drawer open').toEqual([]);
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
}

test.describe('the role walk', () => {
  // Each worker seeds its own world on its own server (beforeAll runs once per worker) and takes
  // whichever walks are left: the longest file is not left to one worker.
  test.describe.configure({ mode: 'parallel' });
  let world: World;

  test.beforeAll(async ({ request }) => {
    test.setTimeout(120_000);
    world = await seedWorld(request);
  });

  test.afterAll(async ({ request }) => {
    await setClock(request, null);
  });

  for (const [role, stops] of Object.entries(WALK) as [Role, Stop[]][]) {
    for (const viewport of VIEWPORTS) {
      test(`${role} on the ${viewport.name}: every page has its heading and title and passes axe`, async ({
        browser,
        baseURL,
        breakage,
      }) => {
        // A role's whole walk, with axe on every page: about two minutes for the longest on a loaded
        // two-core machine, so the limit is for a walk that hangs, not one that is slow.
        test.setTimeout(300_000);
        const watch = (c: BrowserContext) => breakage.watch(c);
        const { context, page } = await openAs(browser, baseURL, watch, viewport.size, role, world);
        try {
          if (viewport.name === 'phone' && role !== 'visitor') await checkDrawer(page);
          for (const stop of stops.filter((s) => !s.fixme)) await walkTo(page, stop, world);
        } finally {
          await context.close();
        }
      });
    }
    for (const stop of stops.filter((s) => s.fixme)) {
      test.fixme(`${role}: ${stop.path}: ${stop.fixme}`, () => {});
    }
  }

  // Issue 23: someone else's media profile is "not available" to a media user and to a brand without a
  // plan, said without asking the API: no 403, so not even the browser's "Failed to load resource" line
  // (which the fixture lets through for expected 4xx answers) reaches the console.
  for (const role of ['influencer', 'brand without plan'] as const) {
    test(`${role}: another person's /profile/{id} is "not available", with no refused request and a clean console`, async ({
      browser,
      baseURL,
    }) => {
      const { context, page } = await openAs(browser, baseURL, async () => undefined, VIEWPORTS[0].size, role, world);
      const consoleLines: string[] = [];
      const refused: string[] = [];
      page.on('console', (m) => {
        // The test's own browser refuses service workers (playwright.config.ts) and says so in a
        // warning of its own once the page registers its worker; a user's browser has no such line.
        if (m.text() === SERVICE_WORKER_BLOCKED) return;
        if (m.type() === 'error' || m.type() === 'warning') consoleLines.push(m.text());
      });
      page.on('response', (r) => {
        if (r.status() >= 400) refused.push(`${r.status()} ${r.url()}`);
      });
      // Requests still under way, but for the live event stream, which stays open for good (so
      // Playwright's 'networkidle' never comes on a signed-in page).
      const pending = new Set<string>();
      page.on('request', (r) => {
        if (!r.url().endsWith('/api/v1/events')) pending.add(r.url());
      });
      page.on('requestfinished', (r) => pending.delete(r.url()));
      page.on('requestfailed', (r) => pending.delete(r.url()));
      try {
        await page.goto(fill(role === 'influencer' ? '/profile/:jo' : '/profile/:ivy', world));
        await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Profile not available');
        await expect(page.getByRole('main').getByRole('link').first()).toBeVisible();
        // Let anything late arrive before looking: nothing under way for half a second.
        await expect
          .poll(
            async () => {
              if (pending.size > 0) return pending.size;
              await page.waitForTimeout(500);
              return pending.size;
            },
            { timeout: 15_000 },
          )
          .toBe(0);
        expect(refused).toEqual([]);
        expect(consoleLines).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  // Issue 10: a brand who signs up through /signup lands on /plans and sees the plan, not an error.
  test('a brand signed up through /signup sees the plan and its price on /plans', async ({ page }) => {
    await page.goto('/signup');
    await page.getByLabel(/^Brand Name/).fill(NEW_BRAND);
    await page.getByLabel(/^Street Address/).fill('9 Signup Street');
    await page.getByLabel(/^Zip Code/).fill('10001');
    await page.getByLabel(/^Phone Number/).fill('5551234567');
    await page.getByLabel(/^Your Email/).fill(uniqueEmail('walk-signup'));
    await page.getByLabel(/^Password/).fill('secret-pass');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/plans$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose your plan' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Brand Plan' })).toBeVisible();
    await expect(page.getByText('$99 per month for the first 3 months, then $149* per month')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Checkout' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
