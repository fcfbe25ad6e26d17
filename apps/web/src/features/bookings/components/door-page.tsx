import { LIMITS } from '@comped/shared/limits';
import type { BookingResource } from '@comped/shared/schemas/resources';
import { addDays, dayInZone, formatDay, formatTime12, localTime } from '@comped/shared/time';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { bookingKeys, getBookingsPage } from '../../../api/bookings';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { PageTitle } from '../../../components/page-title';
import { useHoldSpinner } from '../../../lib/use-hold-spinner';
import { useUser } from '../../../lib/use-session';
import { CheckInDialog } from './check-in-dialog';
import { decidedLabel } from './format';
import { AttendanceChip } from './slot-actions';
import { MarkNoShow } from './visit-actions';
import { checkedInLabel } from './visit-format';

/**
 * Whether the visit's check-in window is still ahead (read as the page renders; the list refreshes
 * every minute). Check in stays tappable: the phone's clock may be off, and the server decides.
 */
function opensLater(b: BookingResource): boolean {
  return b.check_in_opens_at !== null && Date.parse(b.check_in_opens_at) > Date.now();
}

/** YYYY-MM-DD now in a time zone. */
function todayIn(timeZone: string): string {
  return dayInZone(new Date(), timeZone);
}

/**
 * /door (brand teams): today's and tomorrow's accepted visits at the user's locations (a host's own,
 * the whole brand for an owner or a manager), each with whether the guest confirmed they are coming
 * and a big Check in that opens the check-in screen (typed code or QR scan). Phone first: one
 * column, large touch targets.
 */
export function DoorPage() {
  const user = useUser();
  const brandId = user.profile.brands[0]?.id ?? 0;
  const [checking, setChecking] = useState<BookingResource | null>(null);
  const visits = useQuery({
    queryKey: [...bookingKeys.lists(), 'brand', brandId, 'door'],
    queryFn: () =>
      getBookingsPage('brand', brandId, {
        'page[number]': 1,
        'page[size]': LIMITS.maxPageSize,
        'filter[status]': 'accepted',
      }),
    refetchInterval: 60_000,
  });
  const holding = useHoldSpinner(visits.isPending);

  let body;
  if (visits.isPending || holding) body = <Loading label="Loading today's visits" />;
  else if (visits.isError) body = <LoadError onRetry={() => void visits.refetch()} />;
  else {
    const soon = visits.data.data.filter((b) => {
      const today = todayIn(b.location.time_zone);
      return b.booking_date === today || b.booking_date === addDays(today, 1);
    });
    if (soon.length === 0) {
      body = <EmptyState title="No visits today or tomorrow" text="Accepted visits at your door show here." />;
    } else {
      const days = [...new Set(soon.map((b) => b.booking_date))].sort();
      body = days.map((day) => (
        <Box key={day} component="section" aria-labelledby={`door-${day}`} sx={{ mb: 3 }}>
          <Typography id={`door-${day}`} variant="h6" component="h2" sx={{ mb: 1 }}>
            {day === todayIn(soon[0]!.location.time_zone) ? 'Today' : 'Tomorrow'} · {formatDay(day, { weekday: true })}
          </Typography>
          <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {soon
              .filter((b) => b.booking_date === day)
              .map((b) => (
                <Card key={b.id} component="li" variant="outlined">
                  <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
                    <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
                      <Typography sx={{ fontSize: 22, fontWeight: 700 }}>{formatTime12(b.booking_time)}</Typography>
                      <Typography sx={{ fontSize: 18, wordBreak: 'break-word' }}>{b.influencer.name}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {b.guests} guest{b.guests === 1 ? '' : 's'} · {b.location.name} · {b.campaign.name}
                      </Typography>
                      {b.decided_by ? (
                        <Typography variant="body2" color="text.secondary">
                          {decidedLabel(b)} {b.decided_by.name}
                        </Typography>
                      ) : null}
                      {b.checked_in_at ? null : (
                        <Box sx={{ mt: 0.5 }}>
                          <AttendanceChip booking={b} />
                        </Box>
                      )}
                      {!b.checked_in_at && opensLater(b) ? (
                        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                          Check-in opens at {localTime(b.check_in_opens_at!, b.location.time_zone)}
                        </Typography>
                      ) : null}
                    </Box>
                    {b.checked_in_at ? (
                      <Chip icon={<CheckCircleIcon />} color="success" label={checkedInLabel(b)} />
                    ) : (
                      <Stack
                        direction="row"
                        spacing={1}
                        sx={{ alignItems: 'center', flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
                      >
                        <Button
                          // Two hours past and nobody checked in, Mark as no-show stands beside it.
                          variant={b.can_mark_no_show ? 'outlined' : 'contained'}
                          size="large"
                          onClick={() => setChecking(b)}
                          disabled={b.check_in_opens_at === null}
                          aria-label={`Check in ${b.influencer.name} at ${formatTime12(b.booking_time)}`}
                          sx={{ minHeight: 56, minWidth: 140, fontSize: 18, flex: { xs: '1 1 auto', sm: '0 0 auto' } }}
                        >
                          Check in
                        </Button>
                        <MarkNoShow booking={b} brandId={brandId} />
                      </Stack>
                    )}
                  </CardContent>
                </Card>
              ))}
          </Stack>
        </Box>
      ));
    }
  }

  return (
    <Box sx={{ maxWidth: 640 }}>
      <PageTitle>Door</PageTitle>
      {body}
      {checking ? <CheckInDialog booking={checking} brandId={brandId} onClose={() => setChecking(null)} /> : null}
    </Box>
  );
}
