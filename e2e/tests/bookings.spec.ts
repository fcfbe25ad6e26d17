import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiLogin, bearer, mailFiles, setClock, STAFF, uniqueEmail, waitForMail } from '../support/api';

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

type Res = Awaited<ReturnType<APIRequestContext['get']>>;
interface WithId {
  data: { id: number };
}

async function ok<T = WithId>(res: Res): Promise<T> {
  expect(res.ok(), `${res.url()} ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

async function profile(request: APIRequestContext, token: string) {
  return (await ok<{ data: Account['user'] }>(await request.get('/api/v1/profile', { headers: bearer(token) }))).data;
}

/** A paying brand with one location (New York, open 09:00-22:00 every day) and an approved campaign. */
async function brandWithCampaign(request: APIRequestContext) {
  const email = uniqueEmail('bookings-brand');
  const reg = await ok<{ access_token: string }>(
    await request.post('/api/v1/registerbrand', {
      data: {
        name: 'Harbor Bistro',
        email,
        address: '12 Harbor Rd',
        password: 'secret-password',
        phones: '5551234567',
        zip: '10001',
      },
    }),
  );
  const token = reg.access_token;
  const headers = bearer(token);
  const plan = (await ok<{ data: { id: number }[] }>(await request.get('/api/v1/subscriptions/products', { headers })))
    .data[0]!;
  const pm = await ok<{ data: { id: string } }>(
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
          name: 'Harbor Room',
          address: '12 Harbor Rd, New York',
          email: 'harbor@example.test',
          phone: '5557654321',
          contact: 'Sam',
          hours: DAYS.map((d) => ({ day: d, start_time: '09:00', end_time: '22:00' })),
        },
      }),
    )
  ).data;
  const user = await profile(request, token);
  const created = await ok(
    await request.post('/api/v1/campaigns', {
      headers,
      multipart: {
        name: 'Chef tasting week',
        description: 'Seven courses by our new chef.',
        brand_id: String(user.profile.brands[0]!.id),
        category_id: '4',
        launch_date: day(0),
        end_date: day(30),
        target: JSON.stringify(['influencer']),
        tier_range_influencer: JSON.stringify([1, 2]),
        locations: JSON.stringify([location.id]),
        booking: JSON.stringify({ compensation: 75, max_bookings_per_week: 5, max_guests: 2 }),
        'featured_photos[]': { name: 'dish.png', mimeType: 'image/png', buffer: PNG },
      },
    }),
  );
  const campaignId = created.data.id as number;
  await ok(await request.post(`/api/v1/campaigns/${campaignId}`, { headers, data: { status: 'review' } }));
  const staff = await apiLogin(request, STAFF.email, STAFF.password);
  await ok(await request.post(`/api/v1/admin/campaigns/${campaignId}/approve`, { headers: bearer(staff) }));
  return { account: { token, user, email } as Account, campaignId, locationId: location.id as number };
}

/** An approved influencer who has set their own password. */
async function influencer(request: APIRequestContext): Promise<Account> {
  const email = uniqueEmail('bookings-media');
  const applied = await ok(
    await request.post('/api/v1/influencers', {
      data: { name: 'Ivy Influencer', email, type: 'influencer', instagram: 'ivy.eats' },
    }),
  );
  const staff = await apiLogin(request, STAFF.email, STAFF.password);
  await ok(
    await request.post(`/api/v1/admin/applications/${applied.data.id}/approve`, {
      headers: bearer(staff),
      data: { tier: 1 },
    }),
  );
  const mail = await waitForMail(request, email, /credentials/);
  const password = /Password: (\S+)/.exec(mail.text)?.[1] ?? '';
  const first = await apiLogin(request, email, password);
  await ok(
    await request.put('/api/v1/profile', {
      headers: bearer(first),
      data: { password: 'ivy-password', password_confirmation: 'ivy-password' },
    }),
  );
  const token = await apiLogin(request, email, 'ivy-password');
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

async function fillDate(page: Page, label: string, yyyymmdd: string) {
  const [y, m, d] = yyyymmdd.split('-');
  const group = page.getByRole('group', { name: label });
  await group.getByRole('spinbutton').first().click();
  await page.keyboard.type(`${m}${d}${y}`);
}

test.describe.serial('bookings', () => {
  let brand: Awaited<ReturnType<typeof brandWithCampaign>>;
  let ivy: Account;
  const visitDay = day(3);

  test.beforeAll(async ({ request }) => {
    brand = await brandWithCampaign(request);
    ivy = await influencer(request);
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
  });

  test('the brand sees the request and accepts it; the calendar invitation is mailed', async ({ page }) => {
    await signIn(page, brand.account);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/bookings');
    const card = page.getByRole('article', { name: 'Ivy Influencer' });
    await expect(card).toContainText('Chef tasting week');
    await expect(card).toContainText('12:00 PM');
    await expect(card).toContainText('$75');
    await expect(card).toContainText('Tier 1');
    await expect(card.getByRole('link', { name: 'Ivy Influencer' })).toHaveAttribute('href', `/profile/${ivy.user.id}`);
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
  });

  test('inside the 24-hour window the dialog says to call the property and nothing is cancelled', async ({
    page,
    request,
  }) => {
    // A new request (allowed again after the cancel), accepted by the brand, at 8:00 PM in New York.
    const booked = await ok(
      await request.post('/api/v1/bookings', {
        headers: bearer(ivy.token),
        data: {
          campaign_id: brand.campaignId,
          location_id: brand.locationId,
          booking_date: day(4),
          booking_time: '20:00',
          guests: 1,
        },
      }),
    );
    const brandId = brand.account.user.profile.brands[0]!.id;
    await ok(
      await request.put(`/api/v1/brands/${brandId}/bookings/${booked.data.id}`, {
        headers: bearer(brand.account.token),
        data: { status: 'accepted' },
      }),
    );
    // Noon UTC that day is the morning in New York: the visit is about 12 hours away.
    await setClock(request, new Date(`${day(4)}T12:00:00Z`));
    await signIn(page, ivy);
    await page.goto('/bookings/upcoming');
    const card = page.getByRole('article', { name: 'Harbor Bistro' });
    await card.getByRole('button', { name: /^Cancel booking at/ }).click();
    await page
      .getByRole('dialog', { name: 'Cancel this booking?' })
      .getByRole('button', { name: 'Cancel booking' })
      .click();
    const refusal = page.getByRole('dialog', { name: 'Please call the property' });
    await expect(refusal).toContainText('need a call to the property');
    await expect(refusal).toContainText('5557654321');
    await refusal.getByRole('button', { name: 'OK' }).click();
    await expect(card).toContainText('Accepted');
    await setClock(request, null);
  });
});
