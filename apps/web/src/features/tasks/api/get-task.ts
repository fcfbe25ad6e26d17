import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TaskResource } from '@comped/shared/schemas/resources';
import { api } from '../../../lib/api-client';
import { tasksKeys } from './get-tasks';

/** GET influencers/{id}/tasks/{taskId}. */
export function getTask(userId: number, taskId: number): Promise<TaskResource> {
  return api<{ data: TaskResource }>(`influencers/${userId}/tasks/${taskId}`).then((r) => r.data);
}

export function taskQueryOptions(userId: number, taskId: number) {
  return queryOptions({ queryKey: tasksKeys.one(userId, taskId), queryFn: () => getTask(userId, taskId) });
}

export function useTask(userId: number, taskId: number) {
  return useQuery({ ...taskQueryOptions(userId, taskId), enabled: Number.isInteger(taskId) && taskId > 0 });
}
