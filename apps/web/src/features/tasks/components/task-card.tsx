import type { TaskResource } from '@comped/shared/schemas/resources';
import EventIcon from '@mui/icons-material/Event';
import { Avatar, Box, Button, Card, CardActions, CardContent, Chip, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../../config/paths';
import { fileUrl } from '../../../lib/api-client';
import { formatVisit } from '../lib/format';

/** A task on /tasks: brand logo, task name, visit date and the Complete Task button. */
export function TaskCard({ task }: { task: TaskResource }) {
  const headingId = `task-${task.id}-name`;
  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={headingId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flex: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1.5 }}>
          <Avatar src={fileUrl(task.brand.logo)} alt={`${task.brand.name} logo`} sx={{ width: 48, height: 48 }}>
            {task.brand.name.charAt(0).toUpperCase()}
          </Avatar>
          <Typography sx={{ fontWeight: 600 }}>{task.brand.name}</Typography>
        </Box>
        <Typography id={headingId} variant="h6" component="h2" sx={{ fontSize: '1.05rem', fontWeight: 700, mb: 1 }}>
          {task.name}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}>
          <EventIcon fontSize="small" aria-hidden />
          <Typography variant="body2">Visit: {formatVisit(task.booking_date, task.booking_time)}</Typography>
        </Box>
        {!task.can_complete && <Chip size="small" label="Opens after your visit" sx={{ mt: 1.5 }} variant="outlined" />}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button
          variant="contained"
          component={RouterLink}
          to={paths.task.getHref(task.id)}
          aria-label={`Complete Task: ${task.name}`}
          fullWidth
        >
          Complete Task
        </Button>
      </CardActions>
    </Card>
  );
}
