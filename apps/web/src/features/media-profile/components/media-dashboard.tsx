import { formatLongDay, formatTime12 } from '@comped/shared/time';
import CampaignIcon from '@mui/icons-material/Campaign';
import EditIcon from '@mui/icons-material/Edit';
import EventIcon from '@mui/icons-material/Event';
import PlaceIcon from '@mui/icons-material/Place';
import QrCodeIcon from '@mui/icons-material/QrCode2';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { Alert, Avatar, Box, Button, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

import { LoadError } from '../../../components/load-error';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { fileUrl } from '../../../lib/api-client';
import { useHoldSpinner } from '../../../lib/use-hold-spinner';
import { useUser } from '../../../lib/use-session';
import { useOpenTaskCount, useUpcomingVisit } from '../api/get-dashboard';
import { InstallHint } from './install-hint';

function UpcomingVisit({ userId }: { userId: number }) {
  const query = useUpcomingVisit(userId);
  const holding = useHoldSpinner(query.isPending);
  if (query.isPending || holding) {
    return (
      <Box role="status" aria-label="Loading your upcoming visit">
        <Skeleton variant="text" width="60%" height={36} />
        <Skeleton variant="text" width="40%" />
        <Skeleton variant="text" width="50%" />
      </Box>
    );
  }
  if (query.isError) {
    return (
      <LoadError severity="warning" onRetry={query.refetch}>
        We couldn&apos;t load your upcoming visit right now.
      </LoadError>
    );
  }
  const b = query.data;
  if (!b) {
    return (
      <Box>
        <Typography sx={{ fontWeight: 600 }}>No upcoming visits yet.</Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Explore campaigns and request a booking: accepted visits show up here.
        </Typography>
        <Button variant="outlined" component={RouterLink} to={paths.campaigns.getHref()}>
          Find a campaign
        </Button>
      </Box>
    );
  }
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
      <Avatar src={fileUrl(b.campaign.brand.logo)} alt={`${b.campaign.brand.name} logo`} sx={{ width: 64, height: 64 }}>
        {b.campaign.brand.name.charAt(0).toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700, fontSize: '1.15rem' }}>{b.campaign.name}</Typography>
        <Typography color="text.secondary">{b.campaign.brand.name}</Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
          <EventIcon fontSize="small" color="action" aria-hidden />
          <Typography variant="body2">
            {formatLongDay(b.booking_date)} at {formatTime12(b.booking_time)} · {b.guests}{' '}
            {b.guests === 1 ? 'guest' : 'guests'}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }}>
          <PlaceIcon fontSize="small" color="action" aria-hidden />
          <Typography variant="body2">
            {b.location.name}, {b.location.address}
          </Typography>
        </Box>
        <Button
          variant="contained"
          size="small"
          startIcon={<QrCodeIcon />}
          component={RouterLink}
          to={paths.visitPass.getHref(b.id)}
          sx={{ mt: 1.5 }}
        >
          Visit pass
        </Button>
      </Box>
    </Stack>
  );
}

function OpenTasks({ userId }: { userId: number }) {
  const query = useOpenTaskCount(userId);
  if (!query.data) return null;
  return (
    <Alert
      severity="info"
      icon={<TaskAltIcon />}
      action={
        <Button color="inherit" size="small" component={RouterLink} to={paths.tasks.getHref()}>
          See tasks
        </Button>
      }
    >
      You have {query.data} {query.data === 1 ? 'task' : 'tasks'} to complete.
    </Alert>
  );
}

/** /dashboard for media users: the upcoming visit and shortcuts (spec section 2). */
export function MediaDashboard() {
  const user = useUser();
  const firstName = user.name.split(' ')[0] ?? user.name;
  return (
    <>
      <PageTitle title="Dashboard">Hello, {firstName}</PageTitle>
      <Stack spacing={3}>
        <InstallHint />
        <OpenTasks userId={user.id} />
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="upcoming-title">
          <Typography id="upcoming-title" variant="h6" component="h2" sx={{ mb: 2 }}>
            Upcoming visit
          </Typography>
          <UpcomingVisit userId={user.id} />
        </Paper>
        <Box
          component="nav"
          aria-label="Shortcuts"
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}
        >
          <Button
            variant="contained"
            size="large"
            startIcon={<EventIcon />}
            component={RouterLink}
            to={paths.bookings.getHref()}
          >
            All bookings
          </Button>
          <Button
            variant="contained"
            color="secondary"
            size="large"
            startIcon={<CampaignIcon />}
            component={RouterLink}
            to={paths.campaigns.getHref()}
          >
            Explore campaigns
          </Button>
          <Button
            variant="outlined"
            size="large"
            startIcon={<EditIcon />}
            component={RouterLink}
            to={paths.profile.getHref()}
          >
            Edit profile
          </Button>
        </Box>
      </Stack>
    </>
  );
}
