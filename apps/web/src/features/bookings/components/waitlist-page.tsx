import { MSG } from '@comped/shared/messages';
import type { WaitlistEntryResource } from '@comped/shared/schemas/slots';
import { clockTime, formatDay, weekdayShort } from '@comped/shared/time';
import { Box, Button, Card, CardActions, CardContent, Chip, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { useSnackbar } from '../../../lib/snackbar';
import { useUser } from '../../../lib/use-session';
import { useWaitlist } from '../api/get-waitlist';
import { useLeaveWaitlist } from '../api/leave-waitlist';

const STATUS: Record<WaitlistEntryResource['status'], { label: string; bgcolor: string; color: string }> = {
  waiting: { label: 'Waiting', bgcolor: '#eeeeee', color: '#424242' },
  offered: { label: 'Place held for you', bgcolor: '#e8f5e9', color: '#1b5e20' },
  booked: { label: 'Booked', bgcolor: '#e8eaf6', color: '#283593' },
  expired: { label: 'Expired', bgcolor: '#fdecea', color: '#8e1c1c' },
};

function holdText(iso: string): string {
  const end = new Date(iso);
  return `${weekdayShort(end)} ${clockTime(end)}`;
}

/** /waitlist: the media user's waitlist entries, with their status and the hold's end (issue 30). */
export function WaitlistPage() {
  const user = useUser();
  const query = useWaitlist(user.id);
  const leave = useLeaveWaitlist(user.id);
  const snackbar = useSnackbar();
  let body;
  if (query.isPending) body = <Loading label="Loading your waitlist" />;
  else if (query.isError) body = <LoadError onRetry={query.refetch}>We couldn&apos;t load your waitlist.</LoadError>;
  else if (query.data.length === 0)
    body = (
      <EmptyState
        title="No waitlist yet"
        text="When a week you want is full, join its waitlist from the request form: a freed place is held for you."
      />
    );
  else
    body = (
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }} aria-label="Waitlist">
        {query.data.map((e) => {
          const s = STATUS[e.status];
          return (
            <Box component="li" key={e.id}>
              <Card
                variant="outlined"
                component="article"
                aria-label={`${e.campaign.name}, week of ${formatDay(e.date)}`}
              >
                <CardContent>
                  <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
                    {e.campaign.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    Week of {formatDay(e.date)}
                  </Typography>
                  <Chip
                    size="small"
                    label={s.label}
                    sx={{ mt: 1, bgcolor: s.bgcolor, color: s.color, fontWeight: 600 }}
                  />
                  {e.status === 'offered' && e.hold_until ? (
                    <Typography variant="body2" sx={{ mt: 1 }} data-testid="hold-until">
                      Held for you until {holdText(e.hold_until)}: request your visit now.
                    </Typography>
                  ) : null}
                </CardContent>
                <CardActions sx={{ px: 2, pb: 2, gap: 1 }}>
                  {e.status === 'offered' ? (
                    <Button variant="contained" component={RouterLink} to={paths.campaignBook.getHref(e.campaign.id)}>
                      Request your visit
                    </Button>
                  ) : null}
                  {e.status === 'waiting' || e.status === 'offered' ? (
                    <Button
                      color="error"
                      disabled={leave.isPending}
                      onClick={() =>
                        leave.mutate(e.id, {
                          onSuccess: () => snackbar('You left the waitlist.'),
                          onError: () => snackbar(MSG.somethingWrong, 'error'),
                        })
                      }
                      aria-label={`Leave the waitlist of ${e.campaign.name}`}
                    >
                      Leave
                    </Button>
                  ) : null}
                </CardActions>
              </Card>
            </Box>
          );
        })}
      </Box>
    );
  return (
    <Box>
      <PageTitle>Waitlist</PageTitle>
      {body}
    </Box>
  );
}
