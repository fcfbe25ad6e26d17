import { makeSessionUser } from '@comped/shared/factories/session-user';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ResponseShapeError } from '../lib/api-client';
import { stubAnswers } from '../testing/fetch';
import { getProfile } from './profile';

afterEach(() => vi.unstubAllGlobals());

describe('getProfile', () => {
  it('reads the signed-in user', async () => {
    const user = makeSessionUser('brands');
    stubAnswers([200, { data: user }]);
    await expect(getProfile()).resolves.toEqual(user);
  });

  it('refuses a user answered without its envelope', async () => {
    stubAnswers([200, makeSessionUser('influencer')]);
    await expect(getProfile()).rejects.toBeInstanceOf(ResponseShapeError);
  });
});
