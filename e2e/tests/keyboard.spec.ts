/**
 * Issue 14 (WCAG 2.2 AA, 2.1.1 Keyboard, 2.4.3 Focus Order): the four main flows done with the keyboard
 * alone. After the first `page.goto` nothing is clicked, filled or focused by the test: only Tab,
 * Shift+Tab, Enter, Space, the arrow keys, Escape and typing. After each step the test asserts where
 * the focus is (`document.activeElement`), not only that the flow ends.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';

import { bearer, setClock } from '../support/api';
import { arrowToDay, describeFocus, pressUntil, tabTo } from '../support/keyboard';
import type { Account, BrandWithCampaign, BrandWithLocation } from '../support/setup';
import {
  acceptedBooking,
  approvedMediaUser,
  brandWithApprovedCampaign,
  dayFromToday,
  expectOk,
  payingBrandWithLocation,
  PHOTO_PNG,
  signIn,
} from '../support/setup';
import { expect, test } from '../support/test';

/** `target` has the focus; the failure message says where the focus is instead. */
async function expectFocusOn(page: Page, target: Locator, step: string): Promise<void> {
  await expect(target, `${step}: focus is on ${await describeFocus(page)}`).toBeFocused();
}

/** A media user's booking request through the API (left pending). */
async function requestedBooking(
  request: APIRequestContext,
  brand: BrandWithCampaign,
  media: Account,
  date: string,
  time: string,
): Promise<number> {
  const created = await expectOk<{ data: { id: number } }>(
    await request.post('/api/v1/bookings', {
      headers: bearer(media.token),
      data: {
        campaign_id: brand.campaignId,
        location_id: brand.locationId,
        booking_date: date,
        booking_time: time,
        guests: 1,
      },
    }),
  );
  return created.data.id;
}

const heading1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

test.describe('keyboard only', () => {
  test.afterAll(async ({ request }) => {
    await setClock(request, null);
  });

  test('an influencer requests a booking: date picker and time list by arrows, focus after every step', async ({
    page,
    request,
  }) => {
    await setClock(request, null);
    const brand = await brandWithApprovedCampaign(request, {
      emailPrefix: 'kbd-book-brand',
      name: 'Keyboard Bistro',
      address: '1 Key St',
      location: { name: 'Key Room', address: '1 Key St, New York', email: 'keyroom@example.test' },
      campaign: {
        name: 'Tab tasting',
        description: 'A tasting menu you can book without a mouse.',
        target: ['influencer'],
        tier_range_influencer: [1, 2],
        booking: { compensation: 75, max_bookings_per_week: 5, max_guests: 3 },
      },
    });
    const ivy = await approvedMediaUser(request, {
      emailPrefix: 'kbd-book-media',
      type: 'influencer',
      name: 'Kay Board',
      instagram: 'kay.board',
    });
    const visitDay = dayFromToday(3);

    await signIn(page, ivy);
    await page.goto(`/campaigns/${brand.campaignId}`);
    await expect(heading1(page, 'Tab tasting')).toBeVisible();

    // The campaign page: Tab to "Request a booking", Enter; the book page's heading takes the focus.
    const requestLink = page.getByRole('link', { name: 'Request a booking' });
    await tabTo(page, requestLink);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/campaigns/${brand.campaignId}/book$`));
    await expectFocusOn(page, heading1(page, 'Request a booking'), 'after following Request a booking');

    // Guests: a native select, changed with the arrows without opening it.
    const guests = page.getByRole('combobox', { name: 'Guests' });
    await tabTo(page, guests, { max: 5 });
    await page.keyboard.press('ArrowDown');
    await expect(guests).toHaveValue('2');
    await expectFocusOn(page, guests, 'after choosing 2 guests');

    // Book at: the only location is preselected; the arrows move off it and back.
    const location = page.getByRole('combobox', { name: 'Book at' });
    await page.keyboard.press('Tab');
    await expectFocusOn(page, location, 'Tab after Guests');
    await expect(location).toHaveValue(String(brand.locationId));
    await page.keyboard.press('ArrowUp');
    await expect(location).toHaveValue('');
    await page.keyboard.press('ArrowDown');
    await expect(location).toHaveValue(String(brand.locationId));
    await expectFocusOn(page, location, 'after choosing the location');

    // The date: Tab to the picker's button, Enter opens the calendar with the focus on a day.
    const dateGroup = page.getByRole('group', { name: 'Date' });
    const openCalendar = page.getByRole('button', { name: /^Choose date/ });
    await tabTo(page, openCalendar, { max: 4 });
    await page.keyboard.press('Enter');
    const calendar = page.getByRole('dialog');
    await expect(calendar.getByRole('grid')).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => !!document.activeElement?.closest('[role="grid"]')), {
        message: 'the calendar takes the focus when it opens',
      })
      .toBe(true);
    await arrowToDay(page, visitDay);
    await page.keyboard.press('Enter');
    await expect(calendar).toBeHidden();
    const [y, m, d] = visitDay.split('-');
    await expect(dateGroup).toContainText(`${m}/${d}/${y}`);
    // The calendar closed: the focus is back on the date field (its button or its sections), not lost.
    await expect
      .poll(async () => (await describeFocus(page)) !== '<body>' && (await isInside(dateGroup, openCalendar)), {
        message: 'the focus returns to the date field when the calendar closes',
      })
      .toBe(true);

    // The time list: a native select, moved through with the arrows to 12:00 PM.
    const times = page.getByRole('combobox', { name: 'Available times' });
    await expect(times).toBeEnabled();
    await tabTo(page, times, { max: 4 });
    await pressUntil(page, 'ArrowDown', async () => (await times.inputValue()) === '12:00', 'the 12:00 PM slot');
    await expectFocusOn(page, times, 'after choosing 12:00 PM');

    // Submit; the result dialog opens with the focus inside it, on OK.
    const submit = page.getByRole('button', { name: 'Request now' });
    await tabTo(page, submit, { max: 3 });
    await page.keyboard.press('Enter');
    const result = page.getByRole('dialog', { name: 'Visit requested!' });
    await expect(result).toContainText('12:00 PM');
    await expect(result).toContainText('Keyboard Bistro');
    await expectFocusOn(page, result.getByRole('button', { name: 'OK' }), 'the result dialog opened');

    // Tab stays inside the dialog (its other action), Shift+Tab comes back to OK.
    await page.keyboard.press('Shift+Tab');
    await expectFocusOn(page, result.getByRole('link', { name: 'See my bookings' }), 'Shift+Tab in the dialog');
    await page.keyboard.press('Tab');
    await expectFocusOn(page, result.getByRole('button', { name: 'OK' }), 'Tab back to OK');

    // OK closes it and goes to /campaigns: the new page's heading has the focus.
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/campaigns$/);
    await expect(result).toBeHidden();
    await expectFocusOn(page, heading1(page, 'Campaigns'), 'after OK navigated to /campaigns');
  });

  test('the brand accepts one request and rejects another; focus stays on the list after each', async ({
    page,
    request,
  }) => {
    await setClock(request, null);
    const brand = await brandWithApprovedCampaign(request, {
      emailPrefix: 'kbd-answer-brand',
      name: 'Answer Cafe',
      address: '2 Key St',
      location: { name: 'Answer Room', address: '2 Key St, New York', email: 'answer@example.test' },
      campaign: {
        name: 'Enter brunch',
        description: 'Brunch answered from the keyboard.',
        target: ['influencer'],
        tier_range_influencer: [1, 2],
        booking: { compensation: 50, max_bookings_per_week: 5, max_guests: 2 },
      },
    });
    const amy = await approvedMediaUser(request, {
      emailPrefix: 'kbd-answer-a',
      type: 'influencer',
      name: 'Amy Accepted',
      instagram: 'amy.accepted',
    });
    const rex = await approvedMediaUser(request, {
      emailPrefix: 'kbd-answer-r',
      type: 'influencer',
      name: 'Rex Rejected',
      instagram: 'rex.rejected',
    });
    await requestedBooking(request, brand, amy, dayFromToday(5), '13:00');
    await requestedBooking(request, brand, rex, dayFromToday(6), '14:00');

    await signIn(page, brand.account);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/bookings');
    await expect(heading1(page, 'Bookings')).toBeVisible();
    const amyCard = page.getByRole('article', { name: 'Amy Accepted' });
    const rexCard = page.getByRole('article', { name: 'Rex Rejected' });
    await expect(amyCard).toBeVisible();
    await expect(rexCard).toBeVisible();

    // Accept Amy's request: Tab to its Accept button, Enter.
    const accept = amyCard.getByRole('button', { name: /^Accept Amy Accepted's booking/ });
    await tabTo(page, accept, { max: 60 });
    await page.keyboard.press('Enter');
    await expect(page.getByText('Great! The booking was updated')).toBeVisible();
    await expect(amyCard).toHaveCount(0);
    // The card went away with the button: the focus moves to the next request's first action, not <body>.
    const rexAccept = rexCard.getByRole('button', { name: /^Accept Rex Rejected's booking/ });
    const reject = rexCard.getByRole('button', { name: /^Reject Rex Rejected's booking/ });
    await expectFocusOn(page, rexAccept, 'after accepting, the next request');

    // Reject Rex's: the confirmation dialog opens on "Go back"; Escape returns the focus to Reject.
    await page.keyboard.press('Tab');
    await expectFocusOn(page, reject, 'Tab to Reject');
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Reject this booking?' });
    await expect(confirm).toContainText('Rex Rejected');
    await expectFocusOn(page, confirm.getByRole('button', { name: 'Go back' }), 'the confirmation opened');
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expectFocusOn(page, reject, 'Escape closed the confirmation');

    // Again, and confirm with Tab + Enter.
    await page.keyboard.press('Enter');
    await expectFocusOn(page, confirm.getByRole('button', { name: 'Go back' }), 'the confirmation opened again');
    await page.keyboard.press('Tab');
    await expectFocusOn(page, confirm.getByRole('button', { name: 'Reject' }), 'Tab to the confirming Reject');
    await page.keyboard.press('Enter');
    await expect(confirm).toBeHidden();
    await expect(rexCard).toHaveCount(0);
    await expect(page.getByText('No bookings yet.')).toBeVisible();
    // No request is left: the focus goes to the page's heading, not <body>.
    await expectFocusOn(page, heading1(page, 'Bookings'), 'after rejecting the last request');

    // The tabs, by keyboard: Tab reaches the selected one, the arrows move along, Enter opens it.
    const pendingTab = page.getByRole('tab', { name: 'Pending' });
    const upcomingTab = page.getByRole('tab', { name: 'Upcoming' });
    const pastTab = page.getByRole('tab', { name: 'Past' });
    await page.keyboard.press('Tab');
    await expectFocusOn(page, pendingTab, 'Tab from the heading');
    await page.keyboard.press('ArrowRight');
    await expectFocusOn(page, upcomingTab, 'ArrowRight in the tabs');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/bookings\/upcoming$/);
    await expect(page.getByRole('article', { name: 'Amy Accepted' })).toContainText('Accepted');
    await expectFocusOn(page, upcomingTab, 'the Upcoming tab opened');
    await page.keyboard.press('ArrowRight');
    await expectFocusOn(page, pastTab, 'ArrowRight to Past');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/bookings\/past$/);
    await expect(page.getByRole('article', { name: 'Rex Rejected' })).toContainText('Declined');
    await expectFocusOn(page, pastTab, 'the Past tab opened');
  });

  test('an influencer completes a task after the visit: links, Space on the checkboxes, rating by arrows', async ({
    page,
    request,
  }) => {
    await setClock(request, null);
    const visitDay = dayFromToday(2);
    const brand = await brandWithApprovedCampaign(request, {
      emailPrefix: 'kbd-task-brand',
      name: 'Space Terrace',
      address: '3 Key St',
      location: { name: 'Space Roof', address: '3 Key St, New York', email: 'space@example.test' },
      campaign: {
        name: 'Spacebar supper',
        description: 'Dinner, then a report typed without a mouse.',
        target: ['influencer'],
        tier_range_influencer: [1, 2],
        booking: { compensation: 50, max_bookings_per_week: 10, max_guests: 2 },
        influencer_instructions: {
          tagging_required: true,
          geotag_required: false,
          posts_required: 1,
          stories_required: 2,
          hashtags: ['spacebar'],
        },
      },
    });
    const ivy = await approvedMediaUser(request, {
      emailPrefix: 'kbd-task-media',
      type: 'influencer',
      name: 'Tia Tabber',
      instagram: 'tia.tabber',
    });
    await acceptedBooking(request, {
      brand,
      campaignId: brand.campaignId,
      media: ivy,
      date: visitDay,
      time: '12:00',
      guests: 2,
    });
    // 20:00 UTC is after the 12:00 New York visit, and within 12 hours of it.
    await setClock(request, new Date(`${visitDay}T20:00:00Z`));

    await signIn(page, ivy);
    await page.setViewportSize({ width: 1280, height: 1000 });
    await page.goto('/tasks');
    const card = page.getByRole('article', { name: 'Visit report: Spacebar supper' });
    await expect(card).toBeVisible();

    // The task's link, Enter: the task page's heading has the focus.
    await tabTo(page, card.getByRole('link', { name: /Complete Task/ }), { max: 40 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/tasks\/\d+$/);
    await expectFocusOn(page, heading1(page, 'Task Details'), 'after opening the task');

    // The post link: typed.
    const post = page.getByRole('textbox', { name: /Post #1 link/ });
    await tabTo(page, post, { max: 10 });
    await page.keyboard.type('https://www.instagram.com/p/spacebar1/');
    await expect(post).toHaveValue('https://www.instagram.com/p/spacebar1/');
    await expectFocusOn(page, post, 'after typing the link');

    // The stories checkbox: Space ticks it.
    const stories = page.getByRole('checkbox', { name: "Yes, I've posted the 2 required stories" });
    await page.keyboard.press('Tab');
    await expectFocusOn(page, stories, 'Tab after the link');
    await page.keyboard.press('Space');
    await expect(stories).toBeChecked();
    await expectFocusOn(page, stories, 'after ticking the stories');

    // The rating: one Tab stop; the arrows move through the stars to Very Good.
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type), {
        message: 'Tab after the stories lands on the rating',
      })
      .toBe('radio');
    const veryGood = page.getByRole('radio', { name: 'Very Good', exact: true });
    await pressUntil(page, 'ArrowRight', () => veryGood.isChecked(), 'Very Good', 6);
    await expectFocusOn(page, veryGood, 'after rating Very Good');
    await expect(page.getByRole('paragraph').filter({ hasText: /^Very Good$/ })).toBeVisible();

    // The confirmation checkbox: Space; Submit becomes reachable and enabled.
    const confirmBox = page.getByRole('checkbox', { name: /I confirm/ });
    await page.keyboard.press('Tab');
    await expectFocusOn(page, confirmBox, 'Tab after the rating');
    await page.keyboard.press('Space');
    await expect(confirmBox).toBeChecked();
    const submit = page.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeEnabled();
    await page.keyboard.press('Tab');
    await expectFocusOn(page, submit, 'Tab after the confirmation');

    // Submit opens "Complete task" with the focus on All good; Escape cancels back to Submit.
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Complete task' });
    await expect(dialog).toContainText('notifying Space Terrace');
    await expectFocusOn(page, dialog.getByRole('button', { name: 'All good' }), 'the dialog opened');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expectFocusOn(page, submit, 'Escape closed the dialog');

    // Again, and All good: the task is done, /tasks says so and its heading has the focus.
    await page.keyboard.press('Enter');
    await expectFocusOn(page, dialog.getByRole('button', { name: 'All good' }), 'the dialog opened again');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/tasks$/);
    await expect(page.getByText('Thanks! Space Terrace has been notified.')).toBeVisible();
    await expect(page.getByText('No tasks here.')).toBeVisible();
    await expectFocusOn(page, heading1(page, 'Tasks'), 'after completing the task');
  });

  test('a brand creates a Single-Day Event through the wizard: every step, the date and the times by keys', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const brand: BrandWithLocation = await payingBrandWithLocation(request, {
      emailPrefix: 'kbd-wizard',
      name: 'Arrow Bistro',
      address: '4 Key St',
      location: {
        name: 'Arrow Harbor',
        address: '4 Key St',
        email: 'arrow@example.test',
        hours: [{ day: 'friday', start_time: '12:00', end_time: '22:00' }],
      },
    });
    const eventDay = dayFromToday(10);

    await signIn(page, brand.account);
    await page.setViewportSize({ width: 1280, height: 1000 });
    // Playwright takes over the page's file choosers once something listens for them, without
    // waiting for the browser to confirm: listening from the start keeps a chooser opened by Enter
    // from reaching the (headless, never closing) system dialog first, which blocks every later one.
    page.on('filechooser', () => undefined);
    await page.goto('/create/singledayevent');
    const stepHeading = (name: string) => page.getByRole('heading', { level: 2, name });
    await expect(stepHeading('Single-Day Event')).toBeVisible();

    // Step 1: name and description typed.
    const name = page.getByRole('textbox', { name: /Campaign name/ });
    await tabTo(page, name, { max: 40 });
    await page.keyboard.type('Keyboard tasting night');
    await page.keyboard.press('Tab');
    const description = page.getByRole('textbox', { name: /Description/ });
    await expectFocusOn(page, description, 'Tab after the name');
    await page.keyboard.type('One night, seven courses, no mouse.');

    // Add photos: Enter on the button opens the system file chooser (the one thing outside the page).
    const addPhotos = page.getByRole('button', { name: 'Add photos' });
    await tabTo(page, addPhotos, { max: 3 });
    const chooser = page.waitForEvent('filechooser', { timeout: 5_000 });
    await page.keyboard.press('Enter');
    await (await chooser).setFiles({ name: 'dish.png', mimeType: 'image/png', buffer: PHOTO_PNG });
    await expect(page.getByRole('img', { name: 'New photo dish.png' })).toBeVisible();
    await expectFocusOn(page, addPhotos, 'after picking a photo');

    // The event date: the calendar's button, Enter, arrows to the day, Enter.
    const openCalendar = page.getByRole('button', { name: /^Choose date/ });
    await tabTo(page, openCalendar, { max: 8 });
    await page.keyboard.press('Enter');
    const calendar = page.getByRole('dialog');
    await expect(calendar.getByRole('grid')).toBeVisible();
    await arrowToDay(page, eventDay);
    await page.keyboard.press('Enter');
    await expect(calendar).toBeHidden();
    const [y, m, d] = eventDay.split('-');
    await expect(page.getByRole('group', { name: 'Event Date' })).toContainText(`${m}/${d}/${y}`);
    await expect
      .poll(async () => isInside(page.getByRole('group', { name: 'Event Date' }), openCalendar), {
        message: 'the focus returns to the Event Date field when the calendar closes',
      })
      .toBe(true);

    // Ends at: the time list opens with the arrows, the arrows move to 9:00 PM, Enter picks it.
    const endsAt = page.getByRole('combobox', { name: 'Ends at' });
    await tabTo(page, endsAt, { max: 6 });
    await page.keyboard.press('ArrowDown');
    const listbox = page.getByRole('listbox', { name: 'Ends at' });
    await expect(listbox).toBeVisible();
    await expectFocusOn(page, listbox.getByRole('option', { name: '6:30 PM' }), 'the time list opened');
    await pressUntil(
      page,
      'ArrowDown',
      () => listbox.getByRole('option', { name: '9:00 PM' }).evaluate((el) => el === document.activeElement),
      '9:00 PM',
    );
    await page.keyboard.press('Enter');
    await expect(listbox).toBeHidden();
    await expect(endsAt).toHaveText('9:00 PM');
    await expectFocusOn(page, endsAt, 'the time list closed');

    // Next (the draft is created and the URL becomes /edit/campaign/{id}).
    const next = page.getByRole('button', { name: 'Next' });
    await tabTo(page, next, { max: 10 });
    await page.keyboard.press('Enter');
    await expect(stepHeading('Audience')).toBeVisible();
    await expect(page).toHaveURL(/\/edit\/campaign\/\d+$/);
    // The draft got its own page (/edit/campaign/{id}): the route focus puts the focus on its heading.
    await expectFocusOn(page, heading1(page, 'Edit Single-Day Event campaign'), 'Next to Audience');

    // Step 2: Journalists ticked with Space, their highest tier lowered with an arrow.
    const journalists = page.getByRole('checkbox', { name: 'Journalists' });
    await tabTo(page, journalists, { max: 5 });
    await page.keyboard.press('Space');
    await expect(journalists).toBeChecked();
    const highest = page.getByRole('slider', { name: 'Journalist tiers, highest' });
    await tabTo(page, highest, { max: 5 });
    const before = Number(await highest.getAttribute('aria-valuenow'));
    await page.keyboard.press('ArrowLeft');
    await expect(highest).toHaveAttribute('aria-valuenow', String(before - 1));
    await expectFocusOn(page, highest, 'after moving the slider');
    await tabTo(page, next, { max: 5 });
    await page.keyboard.press('Enter');
    await expect(stepHeading('Bookings')).toBeVisible();
    await expectFocusOn(page, stepHeading('Bookings'), 'Next to Bookings');

    // Step 3: the only location is preselected; Next.
    await expect(page.getByRole('checkbox', { name: /Arrow Harbor/ })).toBeChecked();
    await tabTo(page, next, { max: 40 });
    await page.keyboard.press('Enter');
    await expect(stepHeading('Requirements')).toBeVisible();
    await expectFocusOn(page, stepHeading('Requirements'), 'Next to Requirements');

    // Step 4: a switch with Space, a hashtag typed and entered.
    const tagBrand = page.getByRole('switch', { name: /Tag the brand/ });
    await tabTo(page, tagBrand, { max: 3 });
    await page.keyboard.press('Space');
    await expect(tagBrand).toBeChecked();
    const hashtags = page.getByRole('combobox', { name: 'Hashtags' });
    await tabTo(page, hashtags, { max: 6 });
    await page.keyboard.type('#keyboardnight');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: '#keyboardnight' })).toBeVisible();
    await expectFocusOn(page, hashtags, 'after entering a hashtag');
    await tabTo(page, next, { max: 6 });
    await page.keyboard.press('Enter');
    await expect(stepHeading('Review')).toBeVisible();
    await expectFocusOn(page, stepHeading('Review'), 'Next to Review');
    await expect(page.getByText('Keyboard tasting night', { exact: true })).toBeVisible();
    await expect(page.getByText('#keyboardnight')).toBeVisible();
    await expect(page.getByText('6:00 PM - 9:00 PM')).toBeVisible();

    // Back once and forward again.
    const back = page.getByRole('form').getByRole('button', { name: 'Back' });
    await tabTo(page, back, { max: 40 });
    await page.keyboard.press('Enter');
    await expect(stepHeading('Requirements')).toBeVisible();
    await expectFocusOn(page, stepHeading('Requirements'), 'Back to Requirements');
    // Past the step's fields: the two switches, the posts and stories, the hashtags, the usage rights.
    await tabTo(page, next, { max: 14 });
    await page.keyboard.press('Enter');
    await expect(stepHeading('Review')).toBeVisible();
    await expectFocusOn(page, stepHeading('Review'), 'Next to Review again');

    // Submit: the dialog's OK has the focus; Enter goes to /campaigns and its heading.
    const submit = page.getByRole('button', { name: 'Submit' });
    await tabTo(page, submit, { max: 40 });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Campaign submitted' });
    await expect(dialog).toContainText('Your campaign has been sent successfully for review.');
    await expectFocusOn(page, dialog.getByRole('button', { name: 'OK' }), 'the submitted dialog opened');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/campaigns\?tab=drafts$/);
    await expectFocusOn(page, heading1(page, 'Campaigns'), 'after OK');
  });
});

/** The focus is inside `group` or on `button` (a picker field: its sections or its calendar button). */
async function isInside(group: Locator, button: Locator): Promise<boolean> {
  const inGroup = await group.evaluate((g) => !!document.activeElement && g.contains(document.activeElement));
  return inGroup || (await button.evaluate((b) => b === document.activeElement));
}
