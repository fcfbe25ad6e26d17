import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiLogin, bearer, mailFiles, STAFF, uniqueEmail, waitForMail } from '../support/api';

/** A 40x24 PNG (the server re-encodes it). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAYCAIAAAAH5iiXAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAN0lEQVRIiWO46cE/IIhh1GKP0aC+OZq4+Eezk8doAXJztMjkH60kPEarRf7RatFjtFq8OdSrRQBr8nQ9Nu/AdgAAAABJRU5ErkJggg==',
  'base64',
);
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

interface Account {
  token: string;
  user: { id: number; profile: { brands: { id: number }[] } };
  email: string;
}

function day(offset: number): string {
  const d = new Date();
  d.setUTCHours(12, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

/** The JSON of a successful answer (set-up calls only: their shapes are checked by the API tests). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

async function ok(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<Json> {
  expect(res.ok(), `${res.url()} ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()) as Json;
}

async function profile(request: APIRequestContext, token: string) {
  return (await ok(await request.get('/api/v1/profile', { headers: bearer(token) }))).data;
}

/** A paying brand with one location. */
async function payingBrand(request: APIRequestContext) {
  const email = uniqueEmail('campaigns-brand');
  const reg = await ok(
    await request.post('/api/v1/registerbrand', {
      data: {
        name: 'Juniper Kitchen',
        email,
        address: '8 Juniper Ln',
        password: 'secret-password',
        phones: '5551234567',
        zip: '10001',
      },
    }),
  );
  const token = reg.access_token as string;
  const headers = bearer(token);
  const plan = (await ok(await request.get('/api/v1/subscriptions/products', { headers }))).data[0];
  const pm = await ok(
    await request.post('/api/v1/payment-methods', {
      headers,
      data: { cardholder_name: 'Pat Owner', number: '4242424242424242', exp_month: 12, exp_year: 2035, cvc: '123' },
    }),
  );
  await ok(
    await request.post('/api/v1/subscriptions', {
      headers,
      data: { selected_plan: plan.id, payment_method: pm.data.id },
    }),
  );
  const location = (
    await ok(
      await request.post('/api/v1/locations', {
        headers,
        data: {
          name: 'Juniper Dining Room',
          address: '8 Juniper Ln, New York',
          email: 'juniper@example.test',
          phone: '5557654321',
          contact: 'Sam',
          hours: DAYS.map((d) => ({ day: d, start_time: '09:00', end_time: '22:00' })),
        },
      }),
    )
  ).data;
  const user = await profile(request, token);
  return { account: { token, user, email } as Account, locationId: location.id as number };
}

/** A campaign for influencers of tiers 2-3 and journalists of tiers 1-2, submitted for review. */
async function submittedCampaign(
  request: APIRequestContext,
  brand: Awaited<ReturnType<typeof payingBrand>>,
  name: string,
) {
  const headers = bearer(brand.account.token);
  const created = await ok(
    await request.post('/api/v1/campaigns', {
      headers,
      multipart: {
        name,
        description: 'Six courses of spring produce, paired with natural wines.',
        brand_id: String(brand.account.user.profile.brands[0]!.id),
        category_id: '4',
        launch_date: day(0),
        end_date: day(30),
        target: JSON.stringify(['influencer', 'journalist']),
        tier_range_influencer: JSON.stringify([2, 3]),
        tier_range_journalist: JSON.stringify([1, 2]),
        locations: JSON.stringify([brand.locationId]),
        booking: JSON.stringify({ compensation: 75, max_bookings_per_week: 5, max_guests: 2 }),
        influencer_instructions: JSON.stringify({
          posts_required: 1,
          stories_required: 2,
          tagging_required: true,
          geotag_required: true,
          hashtags: ['junipereats', 'springmenu'],
        }),
        'featured_photos[]': { name: 'dish.png', mimeType: 'image/png', buffer: PNG },
      },
    }),
  );
  const id = created.data.id as number;
  await ok(await request.post(`/api/v1/campaigns/${id}`, { headers, data: { status: 'review' } }));
  return id;
}

/** An approved media user (staff set the tier) who has set their own password. */
async function mediaUser(
  request: APIRequestContext,
  type: 'influencer' | 'journalist',
  name: string,
  tier: number,
): Promise<Account> {
  const email = uniqueEmail(`campaigns-${type}`);
  const applied = await ok(
    await request.post('/api/v1/influencers', {
      data: {
        name,
        email,
        type,
        instagram: `${name.split(' ')[0]!.toLowerCase()}.eats`,
        ...(type === 'journalist'
          ? {
              workplace: 'The Food Gazette',
              press1: 'https://gazette.example.test/a',
              press2: 'https://gazette.example.test/b',
            }
          : {}),
      },
    }),
  );
  const staff = await apiLogin(request, STAFF.email, STAFF.password);
  await ok(
    await request.post(`/api/v1/admin/applications/${applied.data.id}/approve`, {
      headers: bearer(staff),
      data: { tier },
    }),
  );
  const mail = await waitForMail(request, email, /credentials/);
  const password = /Password: (\S+)/.exec(mail.text)?.[1] ?? '';
  const first = await apiLogin(request, email, password);
  await ok(
    await request.put('/api/v1/profile', {
      headers: bearer(first),
      data: { password: 'media-password', password_confirmation: 'media-password' },
    }),
  );
  const token = await apiLogin(request, email, 'media-password');
  return { token, user: await profile(request, token), email };
}

async function signIn(page: Page, account: Account) {
  await page.addInitScript(
    (session) => {
      localStorage.setItem('comped.session', JSON.stringify(session));
    },
    { token: account.token, user: account.user },
  );
}

test.describe.serial('campaigns', () => {
  let brand: Awaited<ReturnType<typeof payingBrand>>;
  let campaignId: number;
  let sentBackId: number;
  let ivy: Account; // influencer, tier 2: in range
  let otto: Account; // influencer, tier 4: outside the range
  let jo: Account; // journalist, tier 1: in range
  let staff: Account;
  const NAME = 'Spring tasting menu';
  const OTHER = 'Late night bites';

  test.beforeAll(async ({ request }) => {
    brand = await payingBrand(request);
    campaignId = await submittedCampaign(request, brand, NAME);
    sentBackId = await submittedCampaign(request, brand, OTHER);
    ivy = await mediaUser(request, 'influencer', 'Ivy Influencer', 2);
    otto = await mediaUser(request, 'influencer', 'Otto Outside', 4);
    jo = await mediaUser(request, 'journalist', 'Jo Journalist', 1);
    const token = await apiLogin(request, STAFF.email, STAFF.password);
    staff = { token, user: await profile(request, token), email: STAFF.email };
  });

  test('staff approve one campaign and send the other back with a reason', async ({ page }) => {
    await signIn(page, staff);
    await page.goto('/admin/campaigns');
    await expect(page.getByRole('heading', { name: 'Campaign review', level: 1 })).toBeVisible();
    const items = page.getByTestId('review-item');
    await expect(items.filter({ hasText: NAME })).toHaveCount(1);
    // The details open in place.
    await items
      .filter({ hasText: NAME })
      .getByRole('button', { name: new RegExp(`^${NAME}`) })
      .click();
    await expect(items.filter({ hasText: NAME })).toContainText('#junipereats');
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath('admin-campaigns.png'), fullPage: true });

    await page.getByRole('button', { name: `Approve ${NAME}` }).click();
    await expect(page.getByText(`“${NAME}” was approved.`)).toBeVisible();
    await expect(items.filter({ hasText: NAME })).toHaveCount(0);

    await page.getByRole('button', { name: `Send ${OTHER} back to draft` }).click();
    const dialog = page.getByRole('dialog', { name: `Send “${OTHER}” back to draft` });
    await dialog.getByRole('button', { name: 'Send back to draft' }).click();
    await expect(dialog.getByText('This field is required.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Please add the opening hours of the terrace.');
    await dialog.getByRole('button', { name: 'Send back to draft' }).click();
    await expect(page.getByText(`“${OTHER}” was sent back to draft.`)).toBeVisible();

    await waitForMail(page.request, brand.account.email, new RegExp(`"${NAME}" is live`));
    const back = await waitForMail(page.request, brand.account.email, /needs a few changes/);
    expect(back.text).toContain('Please add the opening hours of the terrace.');
  });

  test('the brand sees its tabs, the staff reason on the draft, and its campaign details', async ({ page }) => {
    await signIn(page, brand.account);
    await page.goto('/campaigns');
    const list = page.getByRole('list', { name: 'Approved campaigns' });
    await expect(list.getByRole('article', { name: NAME })).toContainText('Approved');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('tab', { name: 'In review & drafts' }).click();
    const draft = page.getByRole('article', { name: OTHER });
    await expect(draft).toContainText('Please add the opening hours of the terrace.');
    await page.screenshot({ path: test.info().outputPath('campaigns-brand-drafts.png'), fullPage: true });
    await expect(draft.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/edit/campaign/${sentBackId}`);
    await draft.getByRole('button', { name: `Discard ${OTHER}` }).click();
    await expect(page.getByRole('dialog', { name: 'Discard this draft?' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(draft).toBeVisible();

    await page.getByRole('tab', { name: 'Approved' }).click();
    await page.getByRole('link', { name: `More details about ${NAME}` }).click();
    await expect(page.getByRole('heading', { name: NAME, level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'See Bookings' })).toHaveAttribute('href', '/bookings');
  });

  test('an influencer in the tier range sees the campaign and opens its details', async ({ page }) => {
    await signIn(page, ivy);
    await page.goto('/campaigns');
    const card = page.getByRole('article', { name: NAME });
    await expect(card).toContainText('by Juniper Kitchen');
    await expect(card).toContainText('$75');
    await expect(page.getByRole('article', { name: OTHER })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath('campaigns-media.png'), fullPage: true });

    await card.getByRole('link', { name: `More details about ${NAME}` }).click();
    await expect(page).toHaveURL(new RegExp(`/campaigns/${campaignId}$`));
    await expect(page.getByRole('heading', { name: NAME, level: 1 })).toBeVisible();
    await expect(page.getByText('#springmenu')).toBeVisible();
    await expect(page.getByText('Juniper Dining Room')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Request a booking' })).toHaveAttribute(
      'href',
      `/campaigns/${campaignId}/book`,
    );
    await expect(page.getByRole('button', { name: 'Contact Brand' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath('campaign-details-media.png'), fullPage: true });

    // The brand's name leads to its profile, fed through navigation state.
    await page.getByRole('link', { name: 'Juniper Kitchen' }).click();
    await expect(page).toHaveURL(new RegExp(`/brands/${brand.account.user.profile.brands[0]!.id}$`));
    await expect(page.getByText('Juniper Dining Room')).toBeVisible();

    // Phones: one column, nothing cut off.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/campaigns');
    await expect(page.getByRole('article', { name: NAME })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath('campaigns-media-mobile.png'), fullPage: true });
  });

  test('an influencer outside the tier range does not see it', async ({ page }) => {
    await signIn(page, otto);
    await page.goto('/campaigns');
    await expect(page.getByText('No campaigns for you right now')).toBeVisible();
    await expect(page.getByRole('article', { name: NAME })).toHaveCount(0);
    await page.goto(`/campaigns/${campaignId}`);
    await expect(page.getByText('This campaign is not available (anymore).')).toBeVisible();
  });

  test('a journalist contacts the brand; the mail reaches the outbox with reply-to', async ({ page }) => {
    await signIn(page, jo);
    await page.goto('/campaigns');
    await page.getByRole('link', { name: `More details about ${NAME}` }).click();
    await page.getByRole('button', { name: 'Contact Brand' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact Juniper Kitchen' });
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await expect(dialog.getByText('This field is required.')).toBeVisible();
    await dialog
      .getByRole('textbox', { name: 'Message' })
      .fill('I would love to cover your spring menu for The Food Gazette.');
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Your message was sent to Juniper Kitchen.')).toBeVisible();
    await expect(dialog).toBeHidden();

    const mail = await waitForMail(page.request, brand.account.email, /Message from Jo Journalist/);
    expect(mail.text).toContain('cover your spring menu');
    await expect
      .poll(() => mailFiles().find((f) => f.includes('Message from Jo Journalist')) ?? '', { timeout: 15_000 })
      .toContain(`Reply-To: ${jo.email}`);
  });
});
