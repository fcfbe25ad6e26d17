import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiLogin, bearer, setClock, STAFF, uniqueEmail, waitForMail } from '../support/api';

/** A 40x24 PNG (the server re-encodes it). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAYCAIAAAAH5iiXAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAN0lEQVRIiWO46cE/IIhh1GKP0aC+OZq4+Eezk8doAXJztMjkH60kPEarRf7RatFjtFq8OdSrRQBr8nQ9Nu/AdgAAAABJRU5ErkJggg==',
  'base64',
);
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

interface Account {
  token: string;
  user: { id: number; name: string; profile: { brands: { id: number }[] } };
  email: string;
}

function day(offset: number): string {
  const d = new Date();
  d.setUTCHours(12, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

/** Loosely typed JSON of the API (the tests assert the fields they read). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

async function ok(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<Json> {
  expect(res.ok(), `${res.url()} ${res.status()} ${await res.text()}`).toBeTruthy();
  return res.json() as Promise<Json>;
}

async function profile(request: APIRequestContext, token: string) {
  return (await ok(await request.get('/api/v1/profile', { headers: bearer(token) }))).data;
}

/** A paying brand with a New York location and an approved campaign for influencers and journalists. */
async function brandWithCampaign(request: APIRequestContext) {
  const email = uniqueEmail('tasks-brand');
  const reg = await ok(
    await request.post('/api/v1/registerbrand', {
      data: {
        name: 'Olive Terrace',
        email,
        address: '8 Olive St',
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
          name: 'Terrace',
          address: '8 Olive St, New York',
          email: 'terrace@example.test',
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
        name: 'Summer terrace',
        description: 'Dinner on our rooftop terrace.',
        brand_id: String(user.profile.brands[0].id),
        category_id: '4',
        launch_date: day(0),
        end_date: day(30),
        target: JSON.stringify(['influencer', 'journalist']),
        tier_range_influencer: JSON.stringify([1, 2]),
        tier_range_journalist: JSON.stringify([1, 2]),
        locations: JSON.stringify([location.id]),
        booking: JSON.stringify({ compensation: 50, max_bookings_per_week: 10, max_guests: 2 }),
        influencer_instructions: JSON.stringify({
          tagging_required: true,
          geotag_required: true,
          posts_required: 1,
          stories_required: 2,
          hashtags: ['summerterrace'],
        }),
        'featured_photos[]': { name: 'dish.png', mimeType: 'image/png', buffer: PNG },
      },
    }),
  );
  const campaignId = created.data.id as number;
  await ok(await request.post(`/api/v1/campaigns/${campaignId}`, { headers, data: { status: 'review' } }));
  const staff = await apiLogin(request, STAFF.email, STAFF.password);
  await ok(await request.post(`/api/v1/admin/campaigns/${campaignId}/approve`, { headers: bearer(staff) }));
  return {
    account: { token, user, email } as Account,
    brandId: user.profile.brands[0].id as number,
    campaignId,
    locationId: location.id as number,
  };
}

/** An approved media user who has set their own password. */
async function mediaUser(
  request: APIRequestContext,
  type: 'influencer' | 'journalist',
  name: string,
): Promise<Account> {
  const email = uniqueEmail(`tasks-${type}`);
  const data: Record<string, string> = { name, email, type, instagram: `${type}.tasks` };
  if (type === 'journalist') {
    Object.assign(data, {
      workplace: 'The Daily Plate',
      press1: 'https://news.example/one',
      press2: 'https://news.example/two',
    });
  }
  const applied = await ok(await request.post('/api/v1/influencers', { data }));
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
      data: { password: 'media-password', password_confirmation: 'media-password' },
    }),
  );
  const token = await apiLogin(request, email, 'media-password');
  return { token, user: await profile(request, token), email };
}

/** Books the visit as the media user and has the brand accept it (which creates the task). */
async function acceptedVisit(
  request: APIRequestContext,
  brand: Awaited<ReturnType<typeof brandWithCampaign>>,
  media: Account,
  date: string,
  time: string,
) {
  const booking = await ok(
    await request.post('/api/v1/bookings', {
      headers: bearer(media.token),
      data: {
        campaign_id: brand.campaignId,
        location_id: brand.locationId,
        booking_date: date,
        booking_time: time,
        guests: 2,
      },
    }),
  );
  await ok(
    await request.put(`/api/v1/brands/${brand.brandId}/bookings/${booking.data.id}`, {
      headers: bearer(brand.account.token),
      data: { status: 'accepted' },
    }),
  );
  const tasks = await ok(
    await request.get(`/api/v1/influencers/${media.user.id}/tasks?filter[completed]=0`, {
      headers: bearer(media.token),
    }),
  );
  const task = (tasks.data as { id: number; booking: { id: number } }[]).find((t) => t.booking.id === booking.data.id);
  expect(task, 'the accepted booking has a task').toBeTruthy();
  return { bookingId: booking.data.id as number, taskId: task!.id };
}

async function signIn(page: Page, account: Account) {
  await page.addInitScript(
    (session) => {
      localStorage.setItem('comped.session', JSON.stringify(session));
    },
    { token: account.token, user: account.user },
  );
}

/** MUI Rating keeps its radios visually hidden: pick a star through its label. */
async function rate(page: Page, label: string) {
  const id = await page.getByRole('radio', { name: label, exact: true }).getAttribute('id');
  await page.locator(`label[for="${id}"]`).click();
}

test.describe.serial('tasks', () => {
  let brand: Awaited<ReturnType<typeof brandWithCampaign>>;
  let ivy: Account;
  let jo: Account;
  let ivyTask: { bookingId: number; taskId: number };
  let joTask: { bookingId: number; taskId: number };
  const visitDay = day(2);

  test.beforeAll(async ({ request }) => {
    await setClock(request, null);
    brand = await brandWithCampaign(request);
    ivy = await mediaUser(request, 'influencer', 'Ivy Tasker');
    jo = await mediaUser(request, 'journalist', 'Jo Reporter');
    ivyTask = await acceptedVisit(request, brand, ivy, visitDay, '12:00');
    joTask = await acceptedVisit(request, brand, jo, visitDay, '13:00');
  });

  test.afterAll(async ({ request }) => {
    await setClock(request, null);
  });

  test('before the visit the task is listed but its form is not open yet', async ({ page }) => {
    await signIn(page, ivy);
    await page.goto('/tasks');
    await expect(page.getByRole('heading', { name: 'Tasks', level: 1 })).toBeVisible();
    const card = page.getByRole('article', { name: 'Visit report: Summer terrace' });
    await expect(card).toContainText('Olive Terrace');
    await expect(card).toContainText('12:00 PM');
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: 'test-results/tasks.png', fullPage: true });
    await card.getByRole('link', { name: /Complete Task/ }).click();
    await expect(page).toHaveURL(new RegExp(`/tasks/${ivyTask.taskId}$`));
    await expect(page.getByText(/This form opens after your visit/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);

    // The dashboard shows the upcoming visit and the shortcuts.
    await page.goto('/dashboard');
    const upcoming = page.getByRole('region', { name: 'Upcoming visit' });
    await expect(upcoming).toContainText('Summer terrace');
    await expect(upcoming).toContainText('12:00 PM');
    await expect(page.getByRole('link', { name: 'All bookings' })).toHaveAttribute('href', '/bookings');
    await expect(page.getByRole('link', { name: 'Explore campaigns' })).toHaveAttribute('href', '/campaigns');
    await expect(page.getByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/profile');
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/media-dashboard-mobile.png', fullPage: true });
  });

  test('after the visit an influencer completes the task with post URLs and a rating', async ({ page }) => {
    // New York is UTC-4 or UTC-5: 20:00 UTC is after the 12:00 and 13:00 visits, and within 12 hours.
    await setClock(page.request, new Date(`${visitDay}T20:00:00Z`));
    await signIn(page, ivy);
    await page.setViewportSize({ width: 1280, height: 1000 });
    await page.goto(`/tasks/${ivyTask.taskId}`);
    await expect(page.getByRole('heading', { name: 'Task Details' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Visit report: Summer terrace' })).toBeVisible();
    await expect(page.getByText('Olive Terrace').first()).toBeVisible();
    const table = page.getByRole('table', { name: 'Requirements' });
    await expect(table).toContainText('#summerterrace');
    await expectNoSeriousA11yViolations(page);

    const submit = page.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();
    await page.getByLabel(/Post #1 link/).fill('instagram post');
    await page.getByRole('checkbox', { name: "Yes, I've posted the 2 required stories" }).check();
    await rate(page, 'Very Good');
    await expect(page.getByRole('radio', { name: 'Very Good', exact: true })).toBeChecked();
    await page.getByRole('checkbox', { name: /I confirm/ }).check();
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page.getByText('Please enter a valid URL (e.g. an Instagram post link)')).toBeVisible();

    await page.getByLabel(/Post #1 link/).fill('https://www.instagram.com/p/summer1/');
    await page.screenshot({ path: 'test-results/task-details.png', fullPage: true });
    await submit.click();
    const dialog = page.getByRole('dialog', { name: 'Complete task' });
    await expect(dialog).toContainText('notifying Olive Terrace that all requirements');
    await dialog.getByRole('button', { name: 'All good' }).click();
    await expect(page).toHaveURL(/\/tasks$/);
    await expect(page.getByText('No tasks here.')).toBeVisible();

    const mail = await waitForMail(page.request, brand.account.email, /Task completed: Ivy Tasker/);
    expect(mail.text).toContain('https://www.instagram.com/p/summer1/');
    const done = await ok(
      await page.request.get(`/api/v1/influencers/${ivy.user.id}/tasks/${ivyTask.taskId}`, {
        headers: bearer(ivy.token),
      }),
    );
    expect(done.data.completed).toBe(true);
    expect(done.data.posts).toEqual([
      { type: 'post', link: 'https://www.instagram.com/p/summer1/' },
      { type: 'story', link: 'https://www.instagram.com/stories/influencer.tasks/' },
      { type: 'story', link: 'https://www.instagram.com/stories/influencer.tasks/' },
    ]);
    // The experience was rated 5 in all four categories: a second rating is refused.
    const again = await page.request.post(`/api/v1/bookings/${ivyTask.bookingId}/rate_experience`, {
      headers: bearer(ivy.token),
      data: { rate_vibe: 1, rate_food: 1, rate_service: 1, rate_general: 1 },
    });
    expect(again.status()).toBe(409);
  });

  test('a journalist completes a task with a rating and a coverage option', async ({ page }) => {
    await setClock(page.request, new Date(`${visitDay}T20:00:00Z`));
    await signIn(page, jo);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/tasks');
    await page.getByRole('article', { name: 'Visit report: Summer terrace' }).getByRole('link').click();
    await expect(page.getByRole('heading', { name: 'Task Details' })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    const submit = page.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();
    await rate(page, 'Good');
    await expect(submit).toBeDisabled();
    await page.getByRole('radio', { name: 'Feature article' }).check();
    await expect(submit).toBeEnabled();
    await page.screenshot({ path: 'test-results/task-details-journalist-mobile.png', fullPage: true });
    await submit.click();
    await page.getByRole('dialog', { name: 'Complete task' }).getByRole('button', { name: 'All good' }).click();
    await expect(page).toHaveURL(/\/tasks$/);
    await expect(page.getByText('No tasks here.')).toBeVisible();
    const mail = await waitForMail(page.request, brand.account.email, /Task completed: Jo Reporter/);
    expect(mail.text).toContain('Coverage: Feature article');
    const again = await page.request.post(`/api/v1/bookings/${joTask.bookingId}/rate_experience`, {
      headers: bearer(jo.token),
      data: { rate_vibe: 5, rate_food: 5, rate_service: 5, rate_general: 5 },
    });
    expect(again.status()).toBe(409);
  });

  test('a media user edits their profile and picture; the brand sees the public profile', async ({ page, browser }) => {
    await signIn(page, ivy);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Name').fill('Ivy Renamed');
    await page.getByLabel('Bio').fill('Rooftops and small plates.');
    await page.getByLabel('City').fill('Brooklyn');
    await page.getByLabel('Twitter').fill('@ivy_t');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Profile updated!')).toBeVisible();
    await expect(page.getByTestId('sidebar-name')).toHaveText('Ivy Renamed');
    await page.getByLabel('Profile picture file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('img', { name: 'Ivy Renamed' }).first()).toHaveAttribute(
      'src',
      /\/files\/profile-pictures\//,
    );
    await page.screenshot({ path: 'test-results/media-profile.png', fullPage: true });

    const brandContext = await browser.newContext();
    const brandPage = await brandContext.newPage();
    await signIn(brandPage, brand.account);
    await brandPage.goto(`/profile/${ivy.user.id}`);
    await expect(brandPage.getByRole('heading', { name: 'Ivy Renamed' })).toBeVisible();
    await expect(brandPage.getByText('Influencer', { exact: true })).toBeVisible();
    await expect(brandPage.getByText(/Tier 1/)).toBeVisible();
    await expect(brandPage.getByText('Brooklyn')).toBeVisible();
    await expect(brandPage.getByRole('link', { name: 'Twitter: @ivy_t' })).toHaveAttribute(
      'href',
      'https://twitter.com/ivy_t',
    );
    await expect(brandPage.getByRole('link', { name: 'Instagram: @influencer.tasks' })).toHaveAttribute(
      'href',
      'https://instagram.com/influencer.tasks',
    );
    await expectNoSeriousA11yViolations(brandPage);
    await brandPage.screenshot({ path: 'test-results/public-profile.png', fullPage: true });
    await brandContext.close();
  });
});
