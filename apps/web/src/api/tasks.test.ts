import { makePage } from '@comped/shared/factories/page';
import { makeTask } from '@comped/shared/factories/task';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ResponseShapeError } from '../lib/api-client';
import { stubAnswers } from '../testing/fetch';
import { getTasksPage } from './tasks';

afterEach(() => vi.unstubAllGlobals());

describe('getTasksPage', () => {
  it('reads one page of the media user tasks', async () => {
    const page = makePage([makeTask()], { total: 11 });
    const fetch = stubAnswers([200, page]);
    await expect(getTasksPage(5, { 'filter[completed]': 0 })).resolves.toEqual(page);
    expect(fetch.mock.calls[0]![0]).toBe('/api/v1/influencers/5/tasks?filter%5Bcompleted%5D=0');
  });

  it('refuses a task without its booking', async () => {
    const { booking: _booking, ...drifted } = makeTask();
    stubAnswers([200, makePage([drifted])]);
    await expect(getTasksPage(5, {})).rejects.toMatchObject({
      constructor: ResponseShapeError,
      issues: [{ path: 'response.data.0.booking' }],
    });
  });
});
