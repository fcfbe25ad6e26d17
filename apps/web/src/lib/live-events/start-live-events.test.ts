import { makeSessionUser } from '@comped/shared/factories/session-user';
import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubFetch } from '../../testing/render';
import { setUnauthenticatedHandler } from '../api-client';
import { readSession, writeSession } from '../session';
import { startLiveEvents } from './start-live-events';

afterEach(() => {
  writeSession(null);
  vi.unstubAllGlobals();
});

describe('startLiveEvents', () => {
  it('signs out at once when the stream says the token is no longer valid (a member removed from the team)', async () => {
    writeSession({ token: 'revoked', user: makeSessionUser('brands') });
    const toLogin = vi.fn();
    setUnauthenticatedHandler(toLogin);
    const calls = stubFetch(() => [401, { message: 'Unauthenticated.' }]);
    const stop = startLiveEvents(new QueryClient(), 1);
    await waitFor(() => expect(readSession()).toBeNull());
    expect(toLogin).toHaveBeenCalledTimes(1);
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/events']);
    stop();
  });
});
