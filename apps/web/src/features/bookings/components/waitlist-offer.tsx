import { MSG } from '@comped/shared/messages';
import { formatDay, weekStartOf } from '@comped/shared/time';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import { useWaitlist } from '../api/get-waitlist';
import { useJoinWaitlist } from '../api/join-waitlist';

/**
 * The request form's "Join the waitlist" (issue 30): for each full week the calendar shows, the
 * media user may wait for a place; when one frees they are told and it is held for them 2 hours. A
 * week they already wait for (or hold a place in) says so instead of offering it again.
 */
export function WaitlistOffer({
  userId,
  campaignId,
  locationId,
  fullWeeks,
}: {
  userId: number;
  campaignId: number;
  locationId: number;
  fullWeeks: string[];
}) {
  const join = useJoinWaitlist(userId, campaignId);
  const waitlist = useWaitlist(userId, { enabled: fullWeeks.length > 0 });
  const snackbar = useSnackbar();
  if (fullWeeks.length === 0) return null;
  const waiting = new Set(
    (waitlist.data ?? [])
      .filter((e) => e.campaign.id === campaignId && (e.status === 'waiting' || e.status === 'offered'))
      .map((e) => weekStartOf(e.date)),
  );
  return (
    <Alert severity="info" icon={false} data-testid="waitlist-offer">
      <Typography variant="body2" sx={{ mb: 1 }}>
        Some weeks are full. Join the waitlist: if a place frees up, it is held for you for 2 hours.
      </Typography>
      <Stack spacing={1}>
        {[...fullWeeks].sort().map((week) =>
          waiting.has(week) ? (
            <Typography key={week} variant="body2" sx={{ fontWeight: 600 }}>
              Waiting for a place in the week of {formatDay(week)}.
            </Typography>
          ) : (
            <Button
              key={week}
              variant="outlined"
              size="small"
              disabled={join.isPending}
              onClick={() =>
                join.mutate(
                  { location_id: locationId, date: week },
                  {
                    onSuccess: () => snackbar(`You're on the waitlist for the week of ${formatDay(week)}.`),
                    onError: (err) =>
                      snackbar(err instanceof ApiError && err.status < 500 ? err.message : MSG.somethingWrong, 'error'),
                  },
                )
              }
            >
              Join the waitlist for the week of {formatDay(week)}
            </Button>
          ),
        )}
        <Button component={RouterLink} to={paths.waitlist.getHref()} size="small">
          Your waitlist
        </Button>
      </Stack>
    </Alert>
  );
}
