import { MSG } from '@comped/shared/messages';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { Box, Paper, Typography } from '@mui/material';
import { useEffect } from 'react';

import { InfiniteListFooter } from '../../../components/infinite-list-footer';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { useSnackbar } from '../../../lib/snackbar';
import { useHoldSpinner } from '../../../lib/use-hold-spinner';
import { useOpenTasks } from '../api/get-tasks';
import { TaskCard } from './task-card';

const gridSx = {
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
  gap: 2,
} as const;

/** The open tasks of the signed-in media user, 10 at a time as the user scrolls. */
export function TaskList({ userId }: { userId: number }) {
  const snackbar = useSnackbar();
  const query = useOpenTasks(userId);
  const { data, isPending, isError, isFetchingNextPage, isFetchNextPageError, refetch } = query;
  const items = (data?.pages ?? []).flatMap((p) => p.data);
  const holding = useHoldSpinner(isPending);

  useEffect(() => {
    if (isFetchNextPageError) snackbar(MSG.unableTasks, 'error');
  }, [isFetchNextPageError, snackbar]);

  if (isPending || holding) return <Loading label="Loading tasks" />;
  if (isError && items.length === 0) {
    return <LoadError onRetry={refetch}>{MSG.unableTasks}</LoadError>;
  }
  if (items.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <TaskAltIcon color="disabled" sx={{ fontSize: 48 }} aria-hidden />
        <Typography sx={{ mt: 1, fontWeight: 600 }}>{MSG.noTasks}</Typography>
        <Typography variant="body2" color="text.secondary">
          Tasks appear here once a brand accepts one of your bookings.
        </Typography>
      </Paper>
    );
  }
  return (
    <>
      <Box component="ul" aria-label="Tasks" sx={gridSx} aria-busy={isFetchingNextPage}>
        {items.map((task) => (
          <li key={task.id}>
            <TaskCard task={task} />
          </li>
        ))}
      </Box>
      <InfiniteListFooter query={query} loadingLabel="Loading more tasks" />
    </>
  );
}
