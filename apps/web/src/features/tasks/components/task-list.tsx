import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { Alert, Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import { useEffect } from 'react';
import { MSG } from '@comped/shared/messages';
import { Loading } from '../../../components/loading';
import { useSnackbar } from '../../../lib/snackbar';
import { useOpenTasks } from '../api/get-tasks';
import { useInfiniteSentinel } from '../../../lib/use-infinite-sentinel';
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
  const { data, isPending, isError, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, refetch } =
    query;
  const pages = data?.pages ?? [];
  const items = pages.flatMap((p) => p.data);

  useEffect(() => {
    if (isFetchNextPageError) snackbar(MSG.unableTasks, 'error');
  }, [isFetchNextPageError, snackbar]);

  const sentinel = useInfiniteSentinel(
    () => {
      if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
    },
    !!hasNextPage && !isFetchNextPageError,
    pages.length,
  );

  if (isPending) return <Loading label="Loading tasks" />;
  if (isError && items.length === 0) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            Try again
          </Button>
        }
      >
        {MSG.unableTasks}
      </Alert>
    );
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
      <div ref={sentinel} aria-hidden style={{ height: 1 }} />
      {hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
          <Button
            variant="outlined"
            onClick={() => void fetchNextPage()}
            disabled={isFetchingNextPage}
            startIcon={isFetchingNextPage ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {isFetchingNextPage ? 'Loading more tasks' : 'Load more'}
          </Button>
        </Box>
      )}
    </>
  );
}
