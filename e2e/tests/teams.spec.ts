/**
 * Brand teams (issue 27; decisions.md round 3 "Brand teams"): the owner invites a host from
 * /profile/team, the host signs up from the mailed link and checks a guest in from the door view on
 * a phone; a manager accepts a request. Every new page is checked with axe.
 */
import type { APIRequestContext, Page } from '@playwright/test';

import { expectNoSeriousA11yViolations } from '../support/a11y';
import { bearer, mailFiles, plainText, setClock, uniqueEmail } from '../support/api';
import type { Account, BrandWithLocation, CampaignFields } from '../support/setup';
import {
  acceptedBooking,
  approvedCampaign,
  approvedMediaUser,
  dayFromTodayIn,
  expectOk,
  payingBrandWithLocation,
  pendingBooking,
  signIn,
} from '../support/setup';
import { expect, test } from '../support/test';
import { mediaBooking, plusMinutes, visitInstant } from '../support/visits';

const PHONE = { width: 390, height: 844 };

function campaign(name: string): CampaignFields {
  return {
    name,
    description: `${name} at the Larch dining room.`,
    target: ['influencer'],
    tier_range_influencer: [1, 2],
    booking: { compensation: 50, max_bookings_per_week: 5, max_guests: 2 },
  };
}

/** The join link of the invitation delivered to `to` (the staff Outbox masks it: read the delivered copy). */
async function deliveredJoinLink(to: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const eml of mailFiles()) {
      if (!eml.includes(`To: ${to}`)) continue;
      const link = /https?:\/\/\S+\/join\?token=\S+/.exec(plainText(eml))?.[0];
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`no invitation delivered to ${to}`);
}

/** The path and query of a link (the e2e server answers at its own origin). */
function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

function card(page: Page, name: string, campaignName: string) {
  return page.getByRole('article', { name }).filter({ hasText: campaignName });
}

async function inviteAndAcceptManager(request: APIRequestContext, brand: BrandWithLocation, name: string) {
  const email = uniqueEmail('teams-manager');
  await expectOk(
    await request.post(`/api/v1/brands/${brand.brandId}/members`, {
      headers: bearer(brand.account.token),
      data: { email, role: 'manager' },
    }),
  );
  const token = new URL(await deliveredJoinLink(email)).searchParams.get('token')!;
  const login = await expectOk<{ access_token: string; user: Account['user'] }>(
    await request.post('/api/v1/members/accept', { data: { token, name, password: 'manager-password' } }),
  );
  return { token: login.access_token, user: login.user, email };
}

test.describe.serial('brand teams: invitations, roles, the door', () => {
  let brand: BrandWithLocation;
  let vera: Account;
  let doorBooking: number;
  const hostEmail = uniqueEmail('teams-host');
  // Tomorrow at the door: the location's day (New York), not UTC's.
  const visitDay = dayFromTodayIn(1, 'America/New_York');

  test.beforeAll(async ({ request }) => {
    await setClock(request, null);
    brand = await payingBrandWithLocation(request, {
      emailPrefix: 'teams-brand',
      name: 'Larch House',
      address: '12 Larch St',
      location: { name: 'Larch Dining Room', address: '12 Larch St, New York', email: 'larch@example.test' },
    });
    const tasting = await approvedCampaign(request, brand, campaign('Tasting menu'));
    const brunch = await approvedCampaign(request, brand, campaign('Garden brunch'));
    vera = await approvedMediaUser(request, {
      emailPrefix: 'teams-media',
      type: 'influencer',
      name: 'Vera Guest',
      instagram: 'vera.guest',
    });
    doorBooking = await acceptedBooking(request, {
      brand,
      campaignId: tasting,
      media: vera,
      date: visitDay,
      time: '19:00',
      guests: 2,
    });
    await pendingBooking(request, { brand, campaignId: brunch, media: vera, date: visitDay, time: '12:00', guests: 1 });
  });

  test.afterAll(async ({ request }) => {
    await setClock(request, null);
  });

  test('the owner invites a host of the location from the team page', async ({ page }) => {
    await signIn(page, brand.account);
    await page.goto('/profile/team');
    await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
    // The sidebar marks the page itself, not Profile above it as well.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Team', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Profile', exact: true })).not.toHaveAttribute('aria-current', 'page');
    await expect(page.getByText('No team members yet')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Invite a member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a team member' });
    await dialog.getByRole('textbox', { name: 'Email' }).fill(hostEmail);
    await dialog.getByRole('radio', { name: /^Host/ }).check();
    await expect(dialog.getByRole('checkbox', { name: 'Larch Dining Room' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Invitation sent to ${hostEmail}.`)).toBeVisible();
    const member = page.getByRole('listitem').filter({ hasText: hostEmail });
    await expect(member).toContainText('Host');
    await expect(member).toContainText('Invited');
    await expect(member).toContainText('Larch Dining Room');
    await expectNoSeriousA11yViolations(page);
  });

  test('a manager accepts a request, and the card says who accepted', async ({ page, request }) => {
    const manager = await inviteAndAcceptManager(request, brand, 'Morgan Lane');
    await signIn(page, manager);
    await page.goto('/bookings');
    // A manager does not see the team (the owner's).
    await expect(page.getByRole('link', { name: 'Team' })).toHaveCount(0);
    const pending = card(page, 'Vera Guest', 'Garden brunch');
    await pending.getByRole('button', { name: /^Accept Vera Guest's booking/ }).click();
    await expect(page.getByText('Great! The booking was updated')).toBeVisible();
    await page.goto('/bookings/upcoming');
    await expect(card(page, 'Vera Guest', 'Garden brunch')).toContainText('Accepted by Morgan Lane');
  });

  test('the host signs up from the mailed link and checks the guest in at the door, on a phone', async ({ page }) => {
    await page.setViewportSize(PHONE);
    const link = await deliveredJoinLink(hostEmail);
    await page.goto(pathOf(link));
    await expect(page.getByRole('heading', { name: 'Join your team' })).toBeVisible();
    // The link says who invites, as what, and the e-mail the host will sign in with.
    await expect(page.getByText(/invites you as a host: you will answer and check in/)).toContainText('Larch House');
    await expect(page.getByText(hostEmail)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('textbox', { name: 'Your name' }).fill('Sam Rivera');
    await page.getByLabel(/^Password/).fill('host-password');
    await page.getByRole('button', { name: 'Join' }).click();

    // A host lands on the door view: tomorrow's accepted visit at their location.
    await expect(page).toHaveURL(/\/door$/);
    await expect(page.getByRole('heading', { name: 'Door', level: 1 })).toBeVisible();
    const visit = page.getByRole('listitem').filter({ hasText: 'Tasting menu' });
    await expect(visit).toContainText('Vera Guest');
    await expect(visit).toContainText('7:00 PM');
    // The brunch the manager accepted is at this door too.
    await expect(page.getByRole('listitem').filter({ hasText: 'Garden brunch' })).toContainText(
      'Accepted by Morgan Lane',
    );
    await expectNoSeriousA11yViolations(page);

    // At the visit's time (10 minutes after 7 PM in New York), the host checks the guest in.
    const checkInAt = plusMinutes(await visitInstant(page.request, brand, doorBooking), 10);
    await setClock(page.request, checkInAt);
    const { check_in_code: code } = await mediaBooking(page.request, vera, doorBooking);
    const button = visit.getByRole('button', { name: 'Check in Vera Guest at 7:00 PM' });
    const box = await button.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(48);
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Check in Vera Guest' });
    await dialog.getByRole('textbox', { name: 'Check-in code' }).fill(code as string);
    await dialog.getByRole('button', { name: 'Check in' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Vera Guest: Checked in at 7:10 PM')).toBeVisible();
    await expect(visit.getByRole('button', { name: /^Check in/ })).toHaveCount(0);
    await expect(visit).toContainText('Checked in at 7:10 PM');
    await expectNoSeriousA11yViolations(page);
  });
});
