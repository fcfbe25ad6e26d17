import { makeCampaign } from '@comped/shared/factories/campaign';
import { makePage } from '@comped/shared/factories/page';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ResponseShapeError } from '../lib/api-client';
import { stubAnswers } from '../testing/fetch';
import { campaignKeys, deleteCampaign, getBrandCampaigns, getCampaign } from './campaigns';

afterEach(() => vi.unstubAllGlobals());

describe('campaigns', () => {
  it('getCampaign reads campaigns/{id}', async () => {
    const campaign = makeCampaign({ id: 12, status: 'draft' });
    const fetch = stubAnswers([200, { data: campaign }]);
    await expect(getCampaign(12)).resolves.toEqual(campaign);
    expect(fetch.mock.calls[0]![0]).toBe('/api/v1/campaigns/12');
  });

  it('getCampaign refuses a campaign without status', async () => {
    const { status: _status, ...drifted } = makeCampaign();
    stubAnswers([200, { data: drifted }]);
    const err = await getCampaign(7).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseShapeError);
    expect((err as ResponseShapeError).issues.map((i) => i.path)).toEqual(['response.data.status']);
  });

  it('getBrandCampaigns reads one page with the query given', async () => {
    const page = makePage([makeCampaign(), makeCampaign({ id: 8 })]);
    const fetch = stubAnswers([200, page]);
    await expect(getBrandCampaigns(3, { 'filter[status]': 'approved', 'page[number]': 1 })).resolves.toEqual(page);
    expect(fetch.mock.calls[0]![0]).toBe('/api/v1/brands/3/campaigns?filter%5Bstatus%5D=approved&page%5Bnumber%5D=1');
  });

  it('getBrandCampaigns refuses a page without meta', async () => {
    stubAnswers([200, { data: [makeCampaign()] }]);
    await expect(getBrandCampaigns(3, {})).rejects.toBeInstanceOf(ResponseShapeError);
  });

  it('deleteCampaign expects the empty 204 and refuses a body', async () => {
    const fetch = stubAnswers([204]);
    await expect(deleteCampaign(12)).resolves.toBeUndefined();
    expect(fetch.mock.calls[0]![1]?.method).toBe('DELETE');
    stubAnswers([200, { data: makeCampaign() }]);
    await expect(deleteCampaign(12)).rejects.toBeInstanceOf(ResponseShapeError);
  });

  it('keys every list and detail under one prefix', () => {
    expect(campaignKeys.detail(7).slice(0, 2)).toEqual(campaignKeys.details());
    expect(campaignKeys.mediaDetail(5, 7).slice(0, 2)).toEqual(campaignKeys.details());
    expect(campaignKeys.list({ scope: 'review' }).slice(0, 2)).toEqual(campaignKeys.lists());
    expect(campaignKeys.lists()[0]).toBe(campaignKeys.all[0]);
  });
});
