import { makeCampaign } from '@comped/shared/factories/campaign';
import { makeSessionUser } from '@comped/shared/factories/session-user';
import { addDays, formatDay } from '@comped/shared/time';
import { screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { writeSession } from '../../../lib/session';
import { venueToday } from '../../../lib/venue-today';
import { renderPage, stubFetch } from '../../../testing/render';
import { formatDate } from '../lib/format';
import { CampaignDetailsPage } from './campaign-details-page';

const me = makeSessionUser('influencer', { id: 5, name: 'Ann' });

/**
 * Today at the campaign's venues, as the page counts the days: the machine's own date differs from
 * it for some hours of every day (just after midnight UTC, a venue in New York is still on the day
 * before).
 */
function venueDay(): string {
  return venueToday(makeCampaign().locations.map((l) => l.time_zone));
}

/** A General Updates campaign launched `launchedDaysAgo` days ago, without an end date. */
function launch(launchedDaysAgo: number) {
  const launch = addDays(venueDay(), -launchedDaysAgo);
  const base = makeCampaign();
  return makeCampaign({
    attributes: { ...base.attributes, launch_date: launch, end_date: null },
    expires_on: addDays(launch, 30),
    my_booking: null,
  });
}

function serve(campaign: ReturnType<typeof makeCampaign>) {
  stubFetch((url) => {
    if (url === `/api/v1/influencers/5/campaigns/${campaign.id}`) return [200, { data: campaign }];
    return [404, { message: 'Not found.', code: 'not_found' }];
  });
}

beforeEach(() => writeSession({ token: 'tok', user: me }));
afterEach(() => vi.unstubAllGlobals());

describe('a campaign without an end date', () => {
  it('takes visits on its launch day and the day after, and says until when', async () => {
    const c = launch(0);
    serve(c);
    renderPage(<CampaignDetailsPage campaignId={c.id} />, '/campaigns/7');
    expect(await screen.findByRole('link', { name: 'Request a booking' })).toHaveAttribute('href', '/campaigns/7/book');
    expect(screen.getByText('Visits until').nextSibling).toHaveTextContent(formatDate(addDays(venueDay(), 1)));
    expect(screen.getByText('Offered until').nextSibling).toHaveTextContent(formatDate(c.expires_on!));
  });

  it('says when its two days have passed instead of offering a request', async () => {
    const c = launch(2);
    serve(c);
    renderPage(<CampaignDetailsPage campaignId={c.id} />, '/campaigns/7');
    const lastDay = addDays(venueDay(), -1);
    const notice = await screen.findByText(`Visits to this campaign could be booked until ${formatDay(lastDay)}.`);
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByRole('link', { name: 'Request a booking' })).toBeNull();
  });

  it('with an end date, shows no extra line and takes visits until then', async () => {
    const base = launch(2);
    const c = { ...base, attributes: { ...base.attributes, end_date: addDays(venueDay(), 20) } };
    serve(c);
    renderPage(<CampaignDetailsPage campaignId={c.id} />, '/campaigns/7');
    expect(await screen.findByRole('link', { name: 'Request a booking' })).toBeInTheDocument();
    expect(screen.queryByText('Visits until')).toBeNull();
  });
});
