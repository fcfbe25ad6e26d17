import { makeCampaign } from '@comped/shared/factories/campaign';
import { makeSessionUser } from '@comped/shared/factories/session-user';
import { addDays, formatDay } from '@comped/shared/time';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { localToday } from '../../../lib/local-today';
import { writeSession } from '../../../lib/session';
import { renderPage, stubFetch } from '../../../testing/render';
import { CampaignBookPage } from './campaign-book-page';

const me = makeSessionUser('influencer', { id: 5, name: 'Ann' });
beforeEach(() => writeSession({ token: 'tok', user: me }));
afterEach(() => vi.unstubAllGlobals());

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
});
