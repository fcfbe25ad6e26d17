import { errorBodySchema } from '@comped/shared/error-codes';
import { pageQuerySchema } from '@comped/shared/paging';
import { MEDIA_TYPES } from '@comped/shared/roles';
import { dataOf, pagedOf } from '@comped/shared/schemas/envelopes';
import { experienceRatingResourceSchema } from '@comped/shared/schemas/media';
import { taskResourceSchema } from '@comped/shared/schemas/resources';
import { dbId } from '@comped/shared/validation/fields';
import {
  influencerTaskCompletionSchema,
  journalistTaskCompletionSchema,
  rateExperienceSchema,
} from '@comped/shared/validation/task';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { assertSelf, currentUser, requireAuth } from '../../plugins/auth';
import { completeTask } from './complete-task';
import { getTask } from './get-task';
import { listTasks } from './list-tasks';
import { rateExperience } from './rate-experience';

const idParam = dbId();
const userParams = z.object({ id: idParam });
const taskParams = z.object({ id: idParam, taskId: idParam });
const taskAnswer = dataOf(taskResourceSchema);

const listQuery = pageQuerySchema.extend({
  'filter[completed]': z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === '1' || v === 'true')),
});

/**
 * Tasks of media users (spec sections 4 and 7): influencers and journalists list and read them
 * through `influencers/{id}/tasks`; each completes through their own call; both rate the experience.
 */
export async function tasksRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const media = requireAuth(MEDIA_TYPES);
  const tags = ['tasks'];

  r.get(
    '/influencers/:id/tasks',
    {
      schema: {
        params: userParams,
        querystring: listQuery,
        tags,
        summary: "The signed-in media user's tasks",
        response: { 200: pagedOf(taskResourceSchema) },
      },
      onRequest: media,
    },
    async (request) => {
      const user = assertSelf(request, request.params.id);
      const q = request.query;
      return listTasks(app.ctx, user.id, { ...q, completed: q['filter[completed]'] });
    },
  );

  r.get(
    '/influencers/:id/tasks/:taskId',
    {
      schema: { params: taskParams, tags, summary: 'One task with its booking', response: { 200: taskAnswer } },
      onRequest: media,
    },
    async (request) => {
      const user = assertSelf(request, request.params.id);
      return { data: await getTask(app.ctx, user.id, request.params.taskId) };
    },
  );

  r.put(
    '/influencers/:id/tasks/:taskId',
    {
      schema: {
        params: taskParams,
        body: influencerTaskCompletionSchema,
        tags,
        summary: 'An influencer completes a task (post links and flags)',
        // 409 task_already_completed.
        response: { 200: taskAnswer, 409: errorBodySchema },
      },
      onRequest: requireAuth('influencer'),
    },
    async (request) => {
      const user = assertSelf(request, request.params.id);
      const b = request.body;
      const data = await completeTask(app.ctx, user.id, request.params.taskId, {
        posts: b.posts,
        geolocalized: b.geolocalized,
        hashtagged: b.hashtagged,
        posted: b.posted,
        tagged: b.tagged,
        rating: b.rating,
      });
      return { data };
    },
  );

  r.put(
    '/journalist/:id/tasks/:taskId',
    {
      schema: {
        params: taskParams,
        body: journalistTaskCompletionSchema,
        tags,
        summary: 'A journalist completes a task (rating and coverage option)',
        // 409 task_already_completed.
        response: { 200: taskAnswer, 409: errorBodySchema },
      },
      onRequest: requireAuth('journalist'),
    },
    async (request) => {
      const user = assertSelf(request, request.params.id);
      const data = await completeTask(app.ctx, user.id, request.params.taskId, {
        rating: request.body.rating,
        propertyOption: request.body.propertyOption,
      });
      return { data };
    },
  );

  r.post(
    '/bookings/:id/rate_experience',
    {
      schema: {
        params: userParams,
        body: rateExperienceSchema,
        tags,
        summary: "The media user's rating of the experience (once, after the visit)",
        // 409 experience_already_rated.
        response: { 200: dataOf(experienceRatingResourceSchema), 409: errorBodySchema },
      },
      onRequest: media,
    },
    async (request) => {
      const user = currentUser(request);
      return { data: await rateExperience(app.ctx, user.id, request.params.id, request.body) };
    },
  );
}
