import { makeCampaign } from '@comped/shared/factories/campaign';
import { makeSessionUser } from '@comped/shared/factories/session-user';
import { makeWeekAvailability } from '@comped/shared/factories/week-availability';
import { addDays, formatDay } from '@comped/shared/time';
import { screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { localToday } from '../../../lib/local-today';
import { writeSession } from '../../../lib/session';
import { renderPage, stubFetch } from '../../../testing/render';
import { CampaignBookPage } from './campaign-book-page';

const me = makeSessionUser('influencer', { id: 5, name: 'Ann' });
beforeEach(() => writeSession({ token: 'tok', user: me }));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('/campaigns/{id}/book', () => {
  it('says until when visits could be booked once an opening without an end date has had its two days', async () => {
    const opening = addDays(localToday(), -3);
    const base = makeCampaign();
    const c = makeCampaign({
      category_id: 5,
      attributes_type: 'opening',
      attributes: { ...base.attributes, launch_date: null, opening_date: opening, end_date: null },
      expires_on: addDays(opening, 30),
      my_booking: null,
    });
    stubFetch((url) =>
      url === '/api/v1/influencers/5/campaigns/7'
        ? [200, { data: c }]
        : [404, { message: 'Not found.', code: 'not_found' }],
    );
    renderPage(<CampaignBookPage />, '/campaigns/:campaignId/book', '/campaigns/7/book');
    const notice = await screen.findByText(
      `Visits to this campaign could be booked until ${formatDay(addDays(opening, 1))}.`,
    );
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Request now' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Location' })).toBeNull();
  });

  it('takes a visit on the venue’s last day while the phone is already on the next one', async () => {
    // 06:00 UTC on Dec 7: the phone (UTC, or any zone east of UTC-6) reads Dec 7; Los Angeles is at
    // 10 PM on Dec 6, the opening's last day of visits, and New York at 1 AM on Dec 7.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-07T06:00:00Z'));
    const base = makeCampaign();
    const opening = (timeZone: string) =>
      makeCampaign({
        category_id: 5,
        attributes_type: 'opening',
        attributes: { ...base.attributes, launch_date: null, opening_date: '2026-12-05', end_date: null },
        expires_on: '2027-01-04',
        locations: [{ id: 11, name: 'Venice', address: '1 Abbot Kinney Blvd', time_zone: timeZone }],
        my_booking: null,
      });
    let c = opening('America/Los_Angeles');
    stubFetch((url, _method, body) =>
      url === '/api/v1/influencers/5/campaigns/7'
        ? [200, { data: c }]
        : url.endsWith('/availablehours')
          ? [200, { data: makeWeekAvailability((body as { date: string }).date, []) }]
          : [404, { message: 'Not found.', code: 'not_found' }],
    );
    const view = renderPage(<CampaignBookPage />, '/campaigns/:campaignId/book', '/campaigns/7/book');
    expect(await screen.findByRole('button', { name: 'Request now' })).toBeInTheDocument();
    expect(screen.queryByText(/could be booked until/)).toBeNull();
    view.unmount();

    c = opening('America/New_York');
    renderPage(<CampaignBookPage />, '/campaigns/:campaignId/book', '/campaigns/7/book');
    expect(
      await screen.findByText(`Visits to this campaign could be booked until ${formatDay('2026-12-06')}.`),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request now' })).toBeNull();
  });
});
