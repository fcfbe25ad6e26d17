import type { TaskResource } from '@comped/shared/schemas/resources';

import type { AppContext } from '../../context';
import { appError } from '../../lib/app-error';
import { loadOwnTask } from './task-queries';
import { toTaskResources } from './tasks.serializer';

export async function getTask(ctx: AppContext, userId: number, taskId: number): Promise<TaskResource> {
  const { task } = await loadOwnTask(ctx.db, userId, taskId);
  const [out] = await toTaskResources(ctx.db, [task], ctx.clock.now());
  if (!out) throw appError('not_found');
  return out;
}
