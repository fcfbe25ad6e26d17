import type { TaskResource } from '@comped/shared/schemas/resources';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { taskKeys } from '../../../api/tasks';
import { apiParse } from '../../../lib/api-client';

/** GET influencers/{id}/tasks/{taskId}. */
export async function getTask(userId: number, taskId: number): Promise<TaskResource> {
  return (await apiParse(`influencers/${userId}/tasks/${taskId}`, 'task')).data;
}

export function taskQueryOptions(userId: number, taskId: number) {
  return queryOptions({ queryKey: taskKeys.detail(userId, taskId), queryFn: () => getTask(userId, taskId) });
}

export function useTask(userId: number, taskId: number) {
  return useQuery({ ...taskQueryOptions(userId, taskId), enabled: Number.isInteger(taskId) && taskId > 0 });
}
