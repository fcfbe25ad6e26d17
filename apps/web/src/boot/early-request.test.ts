import { makeSessionUser } from '@comped/shared/factories/session-user';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import { api } from '../lib/api-client';
import { writeSession } from '../lib/session';
import { apiParseEarly, startEarlyGet, takeEarlyGet, takeEarlyParsed } from './early-request';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function stubCountingFetch(body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status: 200 }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('early GETs', () => {
  const list = z.object({ data: z.array(z.number()) });

  it('hands an early answer to the first apiParseEarly for the same URL and token, once', async () => {
    writeSession({ token: 'tok', user: makeSessionUser('influencer') });
    const fetch = stubCountingFetch({ data: [1] });
    void startEarlyGet('/api/v1/influencers/3/campaigns?page%5Bnumber%5D=1', 'tok');
    const query = { 'page[number]': 1 };
    await expect(apiParseEarly('influencers/3/campaigns', list, query)).resolves.toEqual({ data: [1] });
    expect(fetch).toHaveBeenCalledTimes(1);
    await apiParseEarly('influencers/3/campaigns', list, query);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("is none of the generic api() client's business: it asks the server itself", async () => {
    writeSession({ token: 'tok', user: makeSessionUser('influencer') });
    const fetch = stubCountingFetch({ data: [1] });
    void startEarlyGet('/api/v1/influencers/3/campaigns', 'tok');
    await api('influencers/3/campaigns');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('gives nothing for another token or once the answer is stale', () => {
    vi.useFakeTimers();
    stubCountingFetch({});
    void startEarlyGet('/api/v1/a', 'tok');
    expect(takeEarlyGet('/api/v1/a', 'other')).toBeUndefined();
    void startEarlyGet('/api/v1/b', 'tok');
    vi.advanceTimersByTime(11_000);
    expect(takeEarlyGet('/api/v1/b', 'tok')).toBeUndefined();
    expect(takeEarlyGet('/api/v1/c', 'tok')).toBeUndefined();
  });

  it('asks again when the early request failed', async () => {
    writeSession({ token: 'tok', user: makeSessionUser('influencer') });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    void startEarlyGet('/api/v1/x', 'tok');
    const fetch = stubCountingFetch({ data: [2] });
    await expect(apiParseEarly('x', list)).resolves.toEqual({ data: [2] });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('early answers as initial data', () => {
  const schema = z.object({ data: z.array(z.number()) });

  it('hands a settled answer of the right shape once, with when it was asked', async () => {
    writeSession({ token: 'tok', user: makeSessionUser('influencer') });
    stubCountingFetch({ data: [1, 2] });
    const before = Date.now();
    await startEarlyGet('/api/v1/list?page=1', 'tok');
    await Promise.resolve();
    const early = takeEarlyParsed('list', schema, { page: 1 });
    expect(early?.data).toEqual({ data: [1, 2] });
    expect(early?.updatedAt).toBeGreaterThanOrEqual(before);
    expect(takeEarlyParsed('list', schema, { page: 1 })).toBeUndefined();
  });

  it('hands nothing while the answer is under way, which apiParseEarly then takes', async () => {
    writeSession({ token: 'tok', user: makeSessionUser('influencer') });
    const fetch = stubCountingFetch({ data: [3] });
    void startEarlyGet('/api/v1/list', 'tok');
    expect(takeEarlyParsed('list', schema)).toBeUndefined();
    await expect(apiParseEarly('list', schema)).resolves.toEqual({ data: [3] });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('hands nothing for another shape, an error status or another token', async () => {
    writeSession({ token: 'tok', user: makeSessionUser('influencer') });
    stubCountingFetch({ data: 'no' });
    await startEarlyGet('/api/v1/a', 'tok');
    await Promise.resolve();
    expect(takeEarlyParsed('a', schema)).toBeUndefined();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    await startEarlyGet('/api/v1/b', 'tok');
    await Promise.resolve();
    expect(takeEarlyParsed('b', schema)).toBeUndefined();
    stubCountingFetch({ data: [1] });
    await startEarlyGet('/api/v1/c', 'other');
    await Promise.resolve();
    expect(takeEarlyParsed('c', schema)).toBeUndefined();
  });
});
