import { MSG } from '@comped/shared/messages';
import type { TaskResource } from '@comped/shared/schemas/resources';
import { usageRightsSummary } from '@comped/shared/schemas/usage-rights';
import EventIcon from '@mui/icons-material/Event';
import PlaceIcon from '@mui/icons-material/Place';
import { Alert, Avatar, Box, Button, Link, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useNavigate } from 'react-router';

import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { NotFoundAlert } from '../../../components/not-found-alert';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { ApiError, fileUrl } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import { useUser } from '../../../lib/use-session';
import type { CompleteTaskInput } from '../api/complete-task';
import { useCompleteTask } from '../api/complete-task';
import { useTask } from '../api/get-task';
import { formatVisit } from '../lib/format';
import { InfluencerTaskForm } from './influencer-task-form';
import { JournalistTaskForm } from './journalist-task-form';

/** /tasks/{taskId}: Task Details with the brand, the task name and the completion form. */
export function TaskDetails({ taskId }: { taskId: number }) {
  const user = useUser();
  const query = useTask(user.id, taskId);

  if (query.isPending) {
    return (
      <>
        <PageTitle>Task Details</PageTitle>
        <Loading label="Loading task" />
      </>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 403);
    return (
      <>
        <PageTitle>Task Details</PageTitle>
        {missing ? (
          <NotFoundAlert severity="error" backTo={paths.tasks.getHref()} backLabel="Back to tasks">
            This task was not found.
          </NotFoundAlert>
        ) : (
          <LoadError onRetry={query.refetch} />
        )}
      </>
    );
  }
  return <TaskDetailsLoaded task={query.data} />;
}

function TaskDetailsLoaded({ task }: { task: TaskResource }) {
  const user = useUser();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const mutation = useCompleteTask(user.id, task);
  const isJournalist = user.profile.type === 'journalist';
  const handleOf = (name: string) => user.profile.socialnetworks.find((s) => s.name === name)?.handle ?? null;
  const handles = { instagram: handleOf('instagram'), tiktok: handleOf('tiktok'), x: handleOf('twitter') };

  const complete = async (input: CompleteTaskInput) => {
    await mutation.mutateAsync(input);
    snackbar(`Thanks! ${task.brand.name} has been notified.`);
    navigate(paths.tasks.getHref());
  };
  const failed = () => snackbar(MSG.somethingWrongDot, 'error');

  return (
    <>
      <PageTitle>Task Details</PageTitle>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Avatar src={fileUrl(task.brand.logo)} alt={`${task.brand.name} logo`} sx={{ width: 64, height: 64 }}>
            {task.brand.name.charAt(0).toUpperCase()}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 700, fontSize: '1.1rem' }}>{task.brand.name}</Typography>
            <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
              {task.name}
            </Typography>
          </Box>
        </Box>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 1, sm: 3 }}
          sx={{ mt: 2, color: 'text.secondary' }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <EventIcon fontSize="small" aria-hidden />
            <Typography variant="body2">{formatVisit(task.booking_date, task.booking_time)}</Typography>
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <PlaceIcon fontSize="small" aria-hidden />
            <Typography variant="body2">
              {task.booking.location.name}, {task.booking.location.address}
            </Typography>
          </Box>
        </Stack>
        {task.usage_rights ? (
          <Alert severity="info" sx={{ mt: 2 }}>
            <strong>Usage rights:</strong> {usageRightsSummary(task.usage_rights)}
          </Alert>
        ) : null}
      </Paper>

      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        {task.completed ? (
          <CompletedSummary task={task} />
        ) : !task.can_complete ? (
          <Alert severity="info">
            This form opens after your visit on {formatVisit(task.booking_date, task.booking_time)}. Come back then to
            complete the task.
          </Alert>
        ) : isJournalist ? (
          <JournalistTaskForm task={task} onComplete={complete} onFailure={failed} />
        ) : (
          <InfluencerTaskForm task={task} handles={handles} onComplete={complete} onFailure={failed} />
        )}
      </Paper>
    </>
  );
}

function CompletedSummary({ task }: { task: TaskResource }) {
  const posts = task.posts.filter((p) => p.type === 'post');
  return (
    <Stack spacing={1.5}>
      <Alert severity="success">You have completed this task. The brand has been notified.</Alert>
      {posts.map((p, i) => (
        <Typography key={p.link + i} variant="body2">
          Post #{i + 1}:{' '}
          <Link href={p.link} target="_blank" rel="noopener noreferrer">
            {p.link}
          </Link>
        </Typography>
      ))}
      {task.propertyOption && <Typography variant="body2">Coverage: {task.propertyOption}</Typography>}
      <Box>
        <Button component={RouterLink} to={paths.tasks.getHref()} variant="outlined">
          Back to tasks
        </Button>
      </Box>
    </Stack>
  );
}
