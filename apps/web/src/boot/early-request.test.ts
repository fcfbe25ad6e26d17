import { makeSessionUser } from '@comped/shared/factories/session-user';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { api, readAnswer } from '../lib/api-client';
import { writeSession } from '../lib/session';
import { apiParseEarly, startEarlyGet, takeEarlyGet, takeEarlyParsed } from './early-request';

// Where answers are checked (the tests), takeEarlyParsed hands an answer once their schemas have loaded.
beforeAll(() => readAnswer('GET warm', 'statusMessage', { message: 'warm' }));

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
  it('hands an early answer to the first apiParseEarly for the same URL and token, once', async () => {
    writeSession({ token: 'tok', user: makeSessionUser('influencer') });
    const fetch = stubCountingFetch({ message: 'one' });
    void startEarlyGet('/api/v1/influencers/3/campaigns?page%5Bnumber%5D=1', 'tok');
    const query = { 'page[number]': 1 };
    await expect(apiParseEarly('influencers/3/campaigns', 'statusMessage', query)).resolves.toEqual({ message: 'one' });
    expect(fetch).toHaveBeenCalledTimes(1);
    await apiParseEarly('influencers/3/campaigns', 'statusMessage', query);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("is none of the generic api() client's business: it asks the server itself", async () => {
    writeSession({ token: 'tok', user: makeSessionUser('influencer') });
    const fetch = stubCountingFetch({ message: 'one' });
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
    const fetch = stubCountingFetch({ message: 'two' });
    await expect(apiParseEarly('x', 'statusMessage')).resolves.toEqual({ message: 'two' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('early answers as initial data', () => {
  it('hands a settled answer of the right shape once, with when it was asked', async () => {
    writeSession({ token: 'tok', user: makeSessionUser('influencer') });
    stubCountingFetch({ message: 'one two' });
    const before = Date.now();
    await startEarlyGet('/api/v1/list?page=1', 'tok');
    await Promise.resolve();
    const early = takeEarlyParsed('list', 'statusMessage', { page: 1 });
    expect(early?.data).toEqual({ message: 'one two' });
    expect(early?.updatedAt).toBeGreaterThanOrEqual(before);
    expect(takeEarlyParsed('list', 'statusMessage', { page: 1 })).toBeUndefined();
  });

  it('hands nothing while the answer is under way, which apiParseEarly then takes', async () => {
    writeSession({ token: 'tok', user: makeSessionUser('influencer') });
    const fetch = stubCountingFetch({ message: 'three' });
    void startEarlyGet('/api/v1/list', 'tok');
    expect(takeEarlyParsed('list', 'statusMessage')).toBeUndefined();
    await expect(apiParseEarly('list', 'statusMessage')).resolves.toEqual({ message: 'three' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('hands nothing for another shape, an error status or another token', async () => {
    writeSession({ token: 'tok', user: makeSessionUser('influencer') });
    stubCountingFetch({ message: 5 });
    await startEarlyGet('/api/v1/a', 'tok');
    await Promise.resolve();
    expect(takeEarlyParsed('a', 'statusMessage')).toBeUndefined();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    await startEarlyGet('/api/v1/b', 'tok');
    await Promise.resolve();
    expect(takeEarlyParsed('b', 'statusMessage')).toBeUndefined();
    stubCountingFetch({ message: 'one' });
    await startEarlyGet('/api/v1/c', 'other');
    await Promise.resolve();
    expect(takeEarlyParsed('c', 'statusMessage')).toBeUndefined();
  });
});
