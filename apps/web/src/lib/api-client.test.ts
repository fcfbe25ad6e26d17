import { makeCampaign } from '@comped/shared/factories/campaign';
import { makeErrorBody } from '@comped/shared/factories/error-body';
import { MSG } from '@comped/shared/messages';
import { dataOf } from '@comped/shared/schemas/envelopes';
import { campaignResourceSchema } from '@comped/shared/schemas/resources';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import { stubAnswers } from '../testing/fetch';
import { ApiError, apiParse, ResponseShapeError } from './api-client';
import { noContentSchema } from './no-content';

const campaignAnswer = dataOf(campaignResourceSchema);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('apiParse', () => {
  it('returns the answer parsed with the shared schema', async () => {
    const campaign = makeCampaign();
    stubAnswers([200, { data: campaign }]);
    await expect(apiParse('campaigns/7', campaignAnswer)).resolves.toEqual({ data: campaign });
  });

  it('in tests and development, throws a ResponseShapeError naming the endpoint and the drifted paths', async () => {
    const { status: _status, ...withoutStatus } = makeCampaign();
    stubAnswers([200, { data: withoutStatus }]);
    const err = await apiParse('campaigns/7', campaignAnswer).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseShapeError);
    const shape = err as ResponseShapeError;
    expect(shape.endpoint).toBe('GET campaigns/7');
    expect(shape.issues).toEqual([{ path: 'response.data.status', message: expect.any(String) }]);
    expect(shape.message).toMatch(/^GET campaigns\/7 answered a shape the shared schema does not accept/);
    expect(shape.message).toContain('at response.data.status');
  });

  it('names the method of a write', async () => {
    stubAnswers([200, [makeCampaign()]]);
    await expect(apiParse('campaigns/7', campaignAnswer, { method: 'PUT', body: {} })).rejects.toMatchObject({
      endpoint: 'PUT campaigns/7',
      issues: [{ path: 'response' }],
    });
  });

  it('in production, reports the mismatch once and throws the generic error the error page shows', async () => {
    vi.stubEnv('DEV', false);
    vi.stubEnv('MODE', 'production');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubAnswers([200, { data: [] }]);
    const err = await apiParse('subscriptions/products', dataOf(z.object({ id: z.number() }))).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseShapeError);
    expect((err as Error).message).toBe(MSG.somethingWrongDot);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalledWith('Response shape mismatch: GET subscriptions/products', [
      { path: 'response.data', message: expect.any(String) },
    ]);
  });

  it('leaves error answers to ApiError, with the code of the body', async () => {
    stubAnswers(makeErrorBody('campaign_not_draft', 'Only drafts can be edited.'));
    await expect(apiParse('campaigns/7', campaignAnswer)).rejects.toMatchObject({
      constructor: ApiError,
      status: 409,
      code: 'campaign_not_draft',
      message: 'Only drafts can be edited.',
    });
  });

  it('accepts the empty answer of a delete with noContentSchema, and refuses a body in its place', async () => {
    stubAnswers([204]);
    await expect(apiParse('campaigns/7', noContentSchema, { method: 'DELETE' })).resolves.toBeNull();
    stubAnswers([200, { data: makeCampaign() }]);
    await expect(apiParse('campaigns/7', noContentSchema, { method: 'DELETE' })).rejects.toBeInstanceOf(
      ResponseShapeError,
    );
  });
});
