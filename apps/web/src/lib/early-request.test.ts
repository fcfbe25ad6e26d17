import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';
import { startEarlyGet, takeEarlyGet } from './early-request';
import { writeSession } from './session';
import { makeSessionUser } from '@comped/shared/factories/session-user';

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
  it('hands an early answer to the first api() call for the same URL and token, once', async () => {
    writeSession({ token: 'tok', user: makeSessionUser('influencer') });
    const fetch = stubCountingFetch({ data: [1] });
    void startEarlyGet('/api/v1/influencers/3/campaigns?page%5Bnumber%5D=1', 'tok');
    await expect(api('influencers/3/campaigns', { query: { 'page[number]': 1 } })).resolves.toEqual({ data: [1] });
    expect(fetch).toHaveBeenCalledTimes(1);
    await api('influencers/3/campaigns', { query: { 'page[number]': 1 } });
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
    const fetch = stubCountingFetch({ ok: true });
    await expect(api('x')).resolves.toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
