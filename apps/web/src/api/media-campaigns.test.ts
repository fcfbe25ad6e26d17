import { makeCampaign } from '@comped/shared/factories/campaign';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ResponseShapeError } from '../lib/api-client';
import { stubAnswers } from '../testing/fetch';
import { getMediaCampaign } from './media-campaigns';

afterEach(() => vi.unstubAllGlobals());

describe('getMediaCampaign', () => {
  it('reads influencers/{id}/campaigns/{campaignId}', async () => {
    const campaign = makeCampaign();
    const fetch = stubAnswers([200, { data: campaign }]);
    await expect(getMediaCampaign(5, 7)).resolves.toEqual(campaign);
    expect(fetch.mock.calls[0]![0]).toBe('/api/v1/influencers/5/campaigns/7');
  });

  it('refuses a campaign whose booking compensation is not a whole number', async () => {
    const campaign = makeCampaign();
    const drifted = { ...campaign, type: { booking: { ...campaign.type.booking, compensation: '50' } } };
    stubAnswers([200, { data: drifted }]);
    await expect(getMediaCampaign(5, 7)).rejects.toMatchObject({
      constructor: ResponseShapeError,
      issues: [{ path: 'response.data.type.booking.compensation' }],
    });
  });
});
