import { LIMITS } from '@comped/shared/limits';
import type { Paged } from '@comped/shared/paging';
import type { TaskResource } from '@comped/shared/schemas/resources';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { getTasksPage, taskKeys } from '../../../api/tasks';

/** GET influencers/{id}/tasks?page[number]&page[size]&filter[completed]: journalists use it too. */
export function getTasks(userId: number, page: number, completed: boolean): Promise<Paged<TaskResource>> {
  return getTasksPage(userId, {
    'page[number]': page,
    'page[size]': LIMITS.pageSize,
    'filter[completed]': completed ? 1 : 0,
  });
}

export function tasksQueryOptions(userId: number, completed = false) {
  return infiniteQueryOptions({
    queryKey: taskKeys.list(userId, completed),
    queryFn: ({ pageParam }) => getTasks(userId, pageParam, completed),
    initialPageParam: 1,
    getNextPageParam: (last: Paged<TaskResource>) =>
      last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined,
  });
}

/** The media user's open tasks, 10 at a time. */
export function useOpenTasks(userId: number) {
  return useInfiniteQuery(tasksQueryOptions(userId, false));
}
