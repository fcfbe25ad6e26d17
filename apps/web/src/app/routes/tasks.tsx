import { PageTitle } from '../../components/page-title';
import { TaskList } from '../../features/tasks/components/task-list';
import { useUser } from '../../lib/use-session';

/** /tasks: the media user's tasks not yet completed (spec section 2). */
export function TasksRoute() {
  const user = useUser();
  return (
    <>
      <PageTitle>Tasks</PageTitle>
      <TaskList userId={user.id} />
    </>
  );
}
