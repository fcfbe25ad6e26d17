import type { APIRequestContext, Page } from '@playwright/test';

import { expectNoSeriousA11yViolations } from '../support/a11y';
import { bearer, setClock, waitForMail } from '../support/api';
import type { Account, BrandWithCampaign, MediaType } from '../support/setup';
import {
  acceptedBooking,
  approvedMediaUser,
  brandWithApprovedCampaign,
  dayFromToday,
  expectOk,
  PHOTO_PNG,
  signIn,
} from '../support/setup';
import { expect, test } from '../support/test';

/** An approved media user of tier 1 who has set their own password. */
function mediaUser(request: APIRequestContext, type: MediaType, name: string): Promise<Account> {
  return approvedMediaUser(request, {
    emailPrefix: `tasks-${type}`,
    type,
    name,
    instagram: `${type}.tasks`,
    ...(type === 'journalist'
      ? {
          press: {
            workplace: 'The Daily Plate',
            press1: 'https://news.example/one',
            press2: 'https://news.example/two',
          },
        }
      : {}),
  });
}

/** Books the visit as the media user and has the brand accept it (which creates the task). */
async function acceptedVisit(
  request: APIRequestContext,
  brand: BrandWithCampaign,
  media: Account,
  date: string,
  time: string,
) {
  const bookingId = await acceptedBooking(request, {
    brand,
    campaignId: brand.campaignId,
    media,
    date,
    time,
    guests: 2,
  });
  const tasks = await expectOk(
    await request.get(`/api/v1/influencers/${media.user.id}/tasks?filter[completed]=0`, {
      headers: bearer(media.token),
    }),
  );
  const task = (tasks.data as { id: number; booking: { id: number } }[]).find((t) => t.booking.id === bookingId);
  expect(task, 'the accepted booking has a task').toBeTruthy();
  return { bookingId, taskId: task!.id };
}

/** MUI Rating keeps its radios visually hidden: pick a star through its label. */
async function rate(page: Page, label: string) {
  const id = await page.getByRole('radio', { name: label, exact: true }).getAttribute('id');
  await page.locator(`label[for="${id}"]`).click();
}

test.describe.serial('tasks', () => {
  let brand: BrandWithCampaign;
  let ivy: Account;
  let jo: Account;
  let ivyTask: { bookingId: number; taskId: number };
  let joTask: { bookingId: number; taskId: number };
  const visitDay = dayFromToday(2);

  test.beforeAll(async ({ request }) => {
    await setClock(request, null);
    // A paying brand with a New York location and an approved campaign for influencers and journalists.
    brand = await brandWithApprovedCampaign(request, {
      emailPrefix: 'tasks-brand',
      name: 'Olive Terrace',
      address: '8 Olive St',
      location: { name: 'Terrace', address: '8 Olive St, New York', email: 'terrace@example.test' },
      campaign: {
        name: 'Summer terrace',
        description: 'Dinner on our rooftop terrace.',
        target: ['influencer', 'journalist'],
        tier_range_influencer: [1, 2],
        tier_range_journalist: [1, 2],
        booking: { compensation: 50, max_bookings_per_week: 10, max_guests: 2 },
        influencer_instructions: {
          tagging_required: true,
          geotag_required: true,
          posts_required: 1,
          stories_required: 2,
          hashtags: ['summerterrace'],
        },
      },
    });
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
    const done = await expectOk(
      await page.request.get(`/api/v1/influencers/${ivy.user.id}/tasks/${ivyTask.taskId}`, {
        headers: bearer(ivy.token),
      }),
    );
    expect(done.data.completed).toBe(true);
    // Offline rules cannot confirm the author: a /p/ link names no account, and a story link without
    // a story id is the account's page, not a story, so both are kept as "not checked".
    expect(done.data.posts).toEqual([
      { type: 'post', link: 'https://www.instagram.com/p/summer1/', check: null },
      { type: 'story', link: 'https://www.instagram.com/stories/influencer.tasks/', check: null },
      { type: 'story', link: 'https://www.instagram.com/stories/influencer.tasks/', check: null },
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
    await page
      .getByLabel('Profile picture file')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PHOTO_PNG });
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
