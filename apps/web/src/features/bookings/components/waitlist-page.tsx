import { MSG } from '@comped/shared/messages';
import type { WaitlistEntryResource } from '@comped/shared/schemas/slots';
import { dayInZone, formatDay, localTime, weekStartOf } from '@comped/shared/time';
import { Box, Button, Card, CardActions, CardContent, Chip, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';

import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
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

/** The hold's end at the venue, as the offer's notification and mail write it. */
function holdText(iso: string, timeZone: string): string {
  return `${formatDay(dayInZone(iso, timeZone))}, ${localTime(iso, timeZone)}`;
}

/** An entry waits for a Monday-to-Sunday week, whichever of its days was asked for. */
function weekOf(entry: WaitlistEntryResource): string {
  return `week of ${formatDay(weekStartOf(entry.date))}`;
}

/** /waitlist: the media user's waitlist entries, with their status and the hold's end (issue 30). */
export function WaitlistPage() {
  const user = useUser();
  const query = useWaitlist(user.id);
  const leave = useLeaveWaitlist(user.id);
  const snackbar = useSnackbar();
  const [leaving, setLeaving] = useState<WaitlistEntryResource | null>(null);
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
              <Card variant="outlined" component="article" aria-label={`${e.campaign.name}, ${weekOf(e)}`}>
                <CardContent>
                  <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
                    {e.campaign.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {weekOf(e).replace(/^w/, 'W')}
                  </Typography>
                  <Chip
                    size="small"
                    label={s.label}
                    sx={{ mt: 1, bgcolor: s.bgcolor, color: s.color, fontWeight: 600 }}
                  />
                  {e.status === 'offered' && e.hold_until ? (
                    <Typography variant="body2" sx={{ mt: 1 }} data-testid="hold-until">
                      Held for you until {holdText(e.hold_until, e.time_zone)} (time at the venue): request your visit
                      now.
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
                      onClick={() => setLeaving(e)}
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
      <ConfirmDialog
        open={leaving !== null}
        title={leaving?.status === 'offered' ? 'Give up the place held for you?' : 'Leave the waitlist?'}
        confirmLabel="Leave"
        cancelLabel="Stay"
        destructive
        busy={leave.isPending}
        onClose={() => setLeaving(null)}
        onConfirm={() => {
          if (!leaving) return;
          leave.mutate(leaving.id, {
            onSuccess: () => {
              setLeaving(null);
              snackbar('You left the waitlist.');
            },
            onError: () => {
              setLeaving(null);
              snackbar(MSG.somethingWrong, 'error');
            },
          });
        }}
      >
        {leaving
          ? leaving.status === 'offered'
            ? `The place in the ${weekOf(leaving)} for ${leaving.campaign.name} goes to the next person waiting.`
            : `You will not hear about a place in the ${weekOf(leaving)} for ${leaving.campaign.name}.`
          : null}
      </ConfirmDialog>
    </Box>
  );
}
