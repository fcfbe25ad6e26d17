import { useParams } from 'react-router';

import { TaskDetails } from '../../features/tasks/components/task-details';

/** /tasks/{taskId}: Task Details (spec section 2). */
export function TaskDetailsRoute() {
  const { taskId } = useParams();
  return <TaskDetails key={taskId} taskId={Number(taskId)} />;
}
