import type { RequestOptions } from '../lib/api-client';
import { apiParse } from '../lib/api-client';

/** The one query-key factory of tasks (the task pages and the media dashboard's count). */
export const taskKeys = {
  all: ['tasks'] as const,
  list: (userId: number, completed: boolean) => [...taskKeys.all, 'list', userId, completed] as const,
  detail: (userId: number, taskId: number) => [...taskKeys.all, 'detail', userId, taskId] as const,
  openCount: (userId: number) => [...taskKeys.all, 'open-count', userId] as const,
};

/**
 * GET influencers/{id}/tasks (journalists use it too): one page (`page[number]`, `page[size]`,
 * `filter[completed]` in `query`), for the task list and the dashboard's count.
 */
export function getTasksPage(userId: number, query: RequestOptions['query']) {
  return apiParse(`influencers/${userId}/tasks`, 'taskPage', { query });
}
