import { makeCampaign } from '@comped/shared/factories/campaign';
import { makeErrorBody } from '@comped/shared/factories/error-body';
import { MSG } from '@comped/shared/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubAnswers } from '../testing/fetch';
import { ApiError, apiParse, CHECK_ANSWERS_KEY, ResponseShapeError } from './api-client';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  localStorage.removeItem(CHECK_ANSWERS_KEY);
});

/** A user's build: neither development nor the tests. */
function asProduction() {
  vi.stubEnv('DEV', false);
  vi.stubEnv('MODE', 'production');
}

describe('apiParse', () => {
  it('returns the answer parsed with the shared schema', async () => {
    const campaign = makeCampaign();
    stubAnswers([200, { data: campaign }]);
    await expect(apiParse('campaigns/7', 'campaign')).resolves.toEqual({ data: campaign });
  });

  it('in tests and development, throws a ResponseShapeError naming the endpoint and the drifted paths', async () => {
    const { status: _status, ...withoutStatus } = makeCampaign();
    stubAnswers([200, { data: withoutStatus }]);
    const err = await apiParse('campaigns/7', 'campaign').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseShapeError);
    const shape = err as ResponseShapeError;
    expect(shape.endpoint).toBe('GET campaigns/7');
    expect(shape.issues).toEqual([{ path: 'response.data.status', message: expect.any(String) }]);
    expect(shape.message).toMatch(/^GET campaigns\/7 answered a shape the shared schema does not accept/);
    expect(shape.message).toContain('at response.data.status');
  });

  it('names the method of a write', async () => {
    stubAnswers([200, [makeCampaign()]]);
    await expect(apiParse('campaigns/7', 'campaign', { method: 'PUT', body: {} })).rejects.toMatchObject({
      endpoint: 'PUT campaigns/7',
      issues: [{ path: 'response' }],
    });
  });

  it("in a user's build, takes the answer as the API wrote it, without zod", async () => {
    asProduction();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubAnswers([200, { data: [] }]);
    await expect(apiParse('subscriptions/products', 'products')).resolves.toEqual({ data: [] });
    expect(logged).not.toHaveBeenCalled();
  });

  it('in a checked build outside development (the end-to-end runs), reports the mismatch once and throws the generic error the error page shows', async () => {
    asProduction();
    localStorage.setItem(CHECK_ANSWERS_KEY, '1');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubAnswers([200, { data: [] }]);
    const err = await apiParse('subscriptions/products', 'products').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseShapeError);
    expect((err as Error).message).toBe(MSG.somethingWrongDot);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalledWith('Response shape mismatch: GET subscriptions/products', [
      { path: 'response.meta', message: expect.any(String) },
    ]);
  });

  it('leaves error answers to ApiError, with the code of the body', async () => {
    stubAnswers(makeErrorBody('campaign_not_draft', 'Only drafts can be edited.'));
    await expect(apiParse('campaigns/7', 'campaign')).rejects.toMatchObject({
      constructor: ApiError,
      status: 409,
      code: 'campaign_not_draft',
      message: 'Only drafts can be edited.',
    });
  });

  it('accepts the empty answer of a delete as noContent, and refuses a body in its place', async () => {
    stubAnswers([204]);
    await expect(apiParse('campaigns/7', 'noContent', { method: 'DELETE' })).resolves.toBeNull();
    stubAnswers([200, { data: makeCampaign() }]);
    await expect(apiParse('campaigns/7', 'noContent', { method: 'DELETE' })).rejects.toBeInstanceOf(ResponseShapeError);
  });
});
