import { makeCampaign } from '@comped/shared/factories/campaign';
import { makePage } from '@comped/shared/factories/page';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubAnswers } from '../../../testing/fetch';
import { getReviewQueue } from './admin-campaigns';
import { campaignPageQuery, firstCampaignPage, nextCampaignPage, nextQueuePage } from './paging';

afterEach(() => vi.unstubAllGlobals());

const pageOf = (ids: number[], current: number, total: number) =>
  makePage(
    ids.map((id) => makeCampaign({ id })),
    { current_page: current, per_page: 10, total },
  );

describe('campaign paging', () => {
  it('takes the next page from the pages so far: number, pin (the newest of page 1), cursor (last of the page)', () => {
    const one = pageOf([30, 29, 28, 27, 26, 25, 24, 23, 22, 21], 1, 25);
    const two = pageOf([20, 19, 18, 17, 16, 15, 14, 13, 12, 11], 2, 25);
    expect(nextCampaignPage(one, [one])).toEqual({ page: 2, pin: 30, cursor: 21 });
    expect(nextCampaignPage(two, [one, two])).toEqual({ page: 3, pin: 30, cursor: 11 });
    expect(nextCampaignPage(pageOf([10, 9, 8, 7, 6], 3, 25), [one, two])).toBeUndefined();
  });

  it("pins discovery to page 1's newest campaign, not to an older invited one heading it", () => {
    // Campaign 6 was invited outside the user's tier: it heads page 1 whatever its age.
    const one = pageOf([6, 98, 97, 96, 95, 94, 93, 92, 91, 90, 89], 1, 51);
    expect(nextCampaignPage(one, [one])).toEqual({ page: 2, pin: 98, cursor: 89 });
  });

  it("pins the staff queue, oldest first, to page 1's oldest campaign", () => {
    const one = pageOf([4, 8, 9, 10, 11, 12, 13, 14, 15, 16], 1, 46);
    expect(nextQueuePage(one, [one])).toEqual({ page: 2, pin: 4, cursor: 16 });
  });

  it('sends page[cursor] only after page 1', () => {
    expect(campaignPageQuery(firstCampaignPage)).toEqual({ 'page[number]': 1, 'page[size]': 10 });
    expect(campaignPageQuery({ page: 3, pin: 30, cursor: 11 })).toEqual({
      'page[number]': 3,
      'page[size]': 10,
      'page[before]': 30,
      'page[cursor]': 11,
    });
  });

  it('asks the staff review queue for a next page with its pin (page[after]) and cursor', async () => {
    const fetch = stubAnswers([200, pageOf([14], 2, 11)]);
    await getReviewQueue({ page: 2, pin: 4, cursor: 13 });
    const url = decodeURIComponent(String(fetch.mock.calls[0]![0]));
    expect(url).toContain('admin/campaigns?');
    expect(url).toContain('page[number]=2');
    expect(url).toContain('page[after]=4');
    expect(url).toContain('page[cursor]=13');
    expect(url).toContain('filter[status]=review');
  });
});
