import { LIMITS } from '@comped/shared/limits';
import type { TaskResource } from '@comped/shared/schemas/resources';
import type { CoverageOption, TaskPostInput } from '@comped/shared/validation/task';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { taskKeys } from '../../../api/tasks';
import { apiParse } from '../../../lib/api-client';
import { rateExperienceAll } from './rate-experience';

/** PUT influencers/{id}/tasks/{taskId}: posts as a JSON string, every flag 1 (spec section 4). */
export function completeInfluencerTask(userId: number, taskId: number, posts: TaskPostInput[]) {
  return apiParse(`influencers/${userId}/tasks/${taskId}`, 'task', {
    method: 'PUT',
    body: { posts: JSON.stringify(posts), completed: 1, geolocalized: 1, hashtagged: 1, posted: 1, tagged: 1 },
  });
}

/** PUT journalist/{id}/tasks/{taskId} {rating, propertyOption}. */
export function completeJournalistTask(userId: number, taskId: number, rating: number, propertyOption: CoverageOption) {
  return apiParse(`journalist/${userId}/tasks/${taskId}`, 'task', {
    method: 'PUT',
    body: { rating, propertyOption },
  });
}

export type CompleteTaskInput =
  | { kind: 'influencer'; posts: TaskPostInput[]; rating: number }
  | { kind: 'journalist'; rating: number; propertyOption: CoverageOption };

/**
 * Completes the task, then rates the experience: an influencer's rating in all four categories, a
 * journalist's fixed at 5 (spec section 4). The task then leaves the open list.
 */
export function useCompleteTask(userId: number, task: TaskResource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CompleteTaskInput) => {
      const res =
        input.kind === 'influencer'
          ? await completeInfluencerTask(userId, task.id, input.posts)
          : await completeJournalistTask(userId, task.id, input.rating, input.propertyOption);
      await rateExperienceAll(
        task.booking.id,
        input.kind === 'influencer' ? input.rating : LIMITS.journalistExperienceRating,
      );
      return res.data;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskKeys.all }),
  });
}
