import { makePlan } from '@comped/shared/factories/plan';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ResponseShapeError } from '../lib/api-client';
import { stubAnswers } from '../testing/fetch';
import { getPlans, planKeys } from './plans';

afterEach(() => vi.unstubAllGlobals());

describe('getPlans', () => {
  it('reads subscriptions/products as the plans and the card form to show', async () => {
    const plan = makePlan();
    const fetch = stubAnswers([200, { data: [plan], meta: { provider: 'stripe', publishable_key: 'pk_test_1' } }]);
    await expect(getPlans()).resolves.toEqual({ plans: [plan], provider: 'stripe', publishableKey: 'pk_test_1' });
    expect(fetch.mock.calls[0]![0]).toBe('/api/v1/subscriptions/products');
    expect(planKeys.products()).toEqual(['plans', 'products']);
  });

  it('refuses a bare array (the shape that crashed /plans) as a ResponseShapeError', async () => {
    stubAnswers([200, [makePlan()]]);
    await expect(getPlans()).rejects.toBeInstanceOf(ResponseShapeError);
  });
});
