import { expectNoSeriousA11yViolations } from '../support/a11y';
import { mailFiles, waitForMail } from '../support/api';
import type { Account, BrandWithLocation, CampaignFields, MediaUserOptions } from '../support/setup';
import { approvedMediaUser, payingBrandWithLocation, signIn, staffAccount, submittedCampaign } from '../support/setup';
import { expect, test } from '../support/test';

/** A campaign for influencers of tiers 2-3 and journalists of tiers 1-2. */
function campaign(name: string): CampaignFields {
  return {
    name,
    description: 'Six courses of spring produce, paired with natural wines.',
    target: ['influencer', 'journalist'],
    tier_range_influencer: [2, 3],
    tier_range_journalist: [1, 2],
    booking: { compensation: 75, max_bookings_per_week: 5, max_guests: 2 },
    influencer_instructions: {
      posts_required: 1,
      stories_required: 2,
      tagging_required: true,
      geotag_required: true,
      hashtags: ['junipereats', 'springmenu'],
    },
  };
}

/** The application of one of this spec's media users (staff set the tier when approving it). */
function mediaApplication(type: MediaUserOptions['type'], name: string, tier: number): MediaUserOptions {
  return {
    emailPrefix: `campaigns-${type}`,
    type,
    name,
    instagram: `${name.split(' ')[0]!.toLowerCase()}.eats`,
    tier,
    ...(type === 'journalist'
      ? {
          press: {
            workplace: 'The Food Gazette',
            press1: 'https://gazette.example.test/a',
            press2: 'https://gazette.example.test/b',
          },
        }
      : {}),
  };
}

test.describe.serial('campaigns', () => {
  let brand: BrandWithLocation;
  let campaignId: number;
  let sentBackId: number;
  let ivy: Account; // influencer, tier 2: in range
  let otto: Account; // influencer, tier 4: outside the range
  let jo: Account; // journalist, tier 1: in range
  let staff: Account;
  const NAME = 'Spring tasting menu';
  const OTHER = 'Late night bites';

  test.beforeAll(async ({ request }) => {
    brand = await payingBrandWithLocation(request, {
      emailPrefix: 'campaigns-brand',
      name: 'Juniper Kitchen',
      address: '8 Juniper Ln',
      location: { name: 'Juniper Dining Room', address: '8 Juniper Ln, New York', email: 'juniper@example.test' },
    });
    campaignId = await submittedCampaign(request, brand, campaign(NAME));
    sentBackId = await submittedCampaign(request, brand, campaign(OTHER));
    ivy = await approvedMediaUser(request, mediaApplication('influencer', 'Ivy Influencer', 2));
    otto = await approvedMediaUser(request, mediaApplication('influencer', 'Otto Outside', 4));
    jo = await approvedMediaUser(request, mediaApplication('journalist', 'Jo Journalist', 1));
    staff = await staffAccount(request);
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
    // Its buttons are gone with it: the keyboard is on the next campaign's Approve, not back at the
    // page's start.
    await expect(page.locator(':focus')).toHaveAttribute('aria-label', /^Approve /);

    await page.getByRole('button', { name: `Send back to draft: ${OTHER}` }).click();
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
    await expect(page).toHaveURL(new RegExp(`/brands/${brand.brandId}$`));
    await expect(page.getByText('Juniper Dining Room')).toBeVisible();

    // Phones: one column, nothing cut off.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/campaigns');
    await expect(page.getByRole('article', { name: NAME })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath('campaigns-media-mobile.png'), fullPage: true });
  });

  test('an influencer outside the tier range does not see it', async ({ page, breakage }) => {
    // Opening the campaign by its address is refused as not found: the 404 is what this test asks for.
    breakage.allow(new RegExp(`HTTP 404 for GET .*/campaigns/${campaignId}$`));
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
    // Cancel with words written asks first; "Keep writing" keeps them.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const discard = page.getByRole('dialog', { name: 'Discard your message?' });
    await expect(discard).toContainText('What you wrote to Juniper Kitchen will be lost.');
    await discard.getByRole('button', { name: 'Keep writing' }).click();
    await expect(discard).toBeHidden();
    await expect(dialog.getByRole('textbox', { name: 'Message' })).toHaveValue(
      'I would love to cover your spring menu for The Food Gazette.',
    );
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
