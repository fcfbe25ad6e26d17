import { expectNoSeriousA11yViolations } from '../support/a11y';
import { bearer, setClock, waitForMail } from '../support/api';
import type { Account, BrandWithCampaign } from '../support/setup';
import {
  acceptedBooking,
  approvedMediaUser,
  brandWithApprovedCampaign,
  dayFromToday,
  expectOk,
  signIn,
} from '../support/setup';
import { expect, test } from '../support/test';

/**
 * Issue 28: a brand finds a creator in the directory and invites them to a campaign above their
 * tier; the creator sees "Invited by", books; after the visit and the task, the brand's content
 * library shows the post with its usage rights.
 */
test.describe.serial('creator directory, invitations and the content library', () => {
  let brand: BrandWithCampaign;
  let dana: Account;
  const suffix = Date.now().toString(36).slice(-5);
  const creatorName = `Dana Finder ${suffix}`;
  const brandName = `Fig Tree ${suffix}`;
  const visitDay = dayFromToday(2);

  test.beforeAll(async ({ request }) => {
    await setClock(request, null);
    // The campaign is for influencers of tiers 3 and 4; Dana is tier 1.
    brand = await brandWithApprovedCampaign(request, {
      emailPrefix: 'directory-brand',
      name: brandName,
      address: '12 Fig St',
      location: { name: 'Garden', address: '12 Fig St, New York', email: 'garden@example.test' },
      campaign: {
        name: 'Garden tasting',
        description: 'A tasting menu in the garden.',
        target: ['influencer'],
        tier_range_influencer: [3, 4],
        booking: { compensation: 75, max_bookings_per_week: 5, max_guests: 2 },
        influencer_instructions: {
          tagging_required: false,
          geotag_required: false,
          posts_required: 1,
          stories_required: 0,
          hashtags: [],
        },
        usage_rights: { organic: true, ads: true, website: false, days: 30, until: null },
      },
    });
    dana = await approvedMediaUser(request, {
      emailPrefix: 'directory-dana',
      type: 'influencer',
      name: creatorName,
      instagram: `dana.finder${suffix}`,
      tier: 1,
    });
  });

  test.afterAll(async ({ request }) => {
    await setClock(request, null);
  });

  test('the brand finds the creator in the directory and invites them', async ({ page }) => {
    await signIn(page, brand.account);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/creators');
    await expect(page.getByRole('heading', { name: 'Creators', level: 1 })).toBeVisible();
    await page.getByLabel('Name or handle').fill(`Dana Finder ${suffix}`);
    await expect(page).toHaveURL(/q=Dana/);
    const card = page.getByRole('article', { name: creatorName });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Tier 1');
    await expect(card).toContainText('No visits with you yet');
    // On a phone the other filters fold behind a button, so the first creator is on the first screen.
    expect((await card.boundingBox())!.y).toBeLessThan(844);
    const filters = page.getByRole('button', { name: 'Filters', exact: true });
    await expect(filters).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByLabel('Tier')).toBeHidden();
    await filters.click();
    await page.getByLabel('Type').click();
    await page.getByRole('option', { name: 'Influencers' }).click();
    await expect(page).toHaveURL(/type=influencer/);
    await expect(page.getByRole('button', { name: 'Filters (1)' })).toHaveAttribute('aria-expanded', 'true');
    await expect(card).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await card.getByRole('button', { name: `Invite ${creatorName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Invite ${creatorName}` });
    await dialog.getByLabel('Campaign').click();
    await page.getByRole('option', { name: 'Garden tasting' }).click();
    await dialog.getByLabel('Note (optional)').fill('Come see the garden!');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`${creatorName} is invited.`)).toBeVisible();
    await waitForMail(page.request, dana.email, /invited you to Garden tasting/);

    // Empty state: nobody matches.
    await page.getByLabel('Name or handle').fill('zz-nobody-zz');
    await expect(page.getByText('No creators found')).toBeVisible();
  });

  test('the creator sees "Invited by", the usage rights, and books past their tier', async ({ page, request }) => {
    await signIn(page, dana);
    await page.goto('/campaigns');
    const card = page.getByRole('article', { name: 'Garden tasting' });
    await expect(card).toContainText(`Invited by ${brandName}`);
    await card.getByRole('link', { name: 'More details about Garden tasting' }).click();
    await expect(page.getByText(`Invited by ${brandName}`)).toBeVisible();
    await expect(page.getByText('Come see the garden!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Usage rights' })).toBeVisible();
    await expect(page.getByText('Repost organically, Use in ads for 30 days after delivery')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto('/invitations');
    const invitation = page.getByRole('article', { name: 'Garden tasting' });
    await expect(invitation).toContainText(`Invited by ${brandName}`);
    await expect(invitation).toContainText('Open');
    await expect(invitation.getByRole('button', { name: /Decline/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await acceptedBooking(request, {
      brand,
      campaignId: brand.campaignId,
      media: dana,
      date: visitDay,
      time: '12:00',
      guests: 1,
    });
    await page.reload();
    await expect(page.getByRole('article', { name: 'Garden tasting' })).toContainText('Booked');
  });

  test('after the visit and the task, the brand sees the post with its rights in the library', async ({ page }) => {
    // New York is UTC-4 or UTC-5: 20:00 UTC is after the 12:00 visit.
    await setClock(page.request, new Date(`${visitDay}T20:00:00Z`));
    const tasks = await expectOk(
      await page.request.get(`/api/v1/influencers/${dana.user.id}/tasks?filter[completed]=0`, {
        headers: bearer(dana.token),
      }),
    );
    const taskId = (tasks.data as { id: number }[])[0]!.id;
    await expectOk(
      await page.request.put(`/api/v1/influencers/${dana.user.id}/tasks/${taskId}`, {
        headers: bearer(dana.token),
        data: {
          posts: JSON.stringify([{ type: 'post', link: 'https://www.instagram.com/p/gardentasting/' }]),
          completed: 1,
          geolocalized: 1,
          hashtagged: 1,
          posted: 1,
          tagged: 1,
          rating: 5,
        },
      }),
    );

    await signIn(page, brand.account);
    await page.goto('/content');
    await expect(page.getByRole('heading', { name: 'Content', level: 1 })).toBeVisible();
    const item = page.getByRole('article', { name: `Post on Instagram by ${creatorName}` });
    await expect(item.getByRole('link', { name: 'https://www.instagram.com/p/gardentasting/' })).toBeVisible();
    await expect(item).toContainText('Garden tasting');
    await expect(item).toContainText(/Ads use until \d+ \w+/);
    await expect(item).toContainText(/Organic reposts until \d+ \w+/);
    await expect(item).toContainText(/Link (not )?checked/);
    await expectNoSeriousA11yViolations(page);

    await item.getByRole('button', { name: 'Add to favourites' }).click();
    await expect(item.getByRole('button', { name: 'Remove from favourites' })).toBeVisible();
    await page.getByLabel('Favourites only').click();
    await expect(page).toHaveURL(/favourite=1/);
    await expect(page.getByLabel('Favourites only')).toBeChecked();
    await expect(item).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    expect((await download).suggestedFilename()).toBe('comped-content.csv');
  });
});
