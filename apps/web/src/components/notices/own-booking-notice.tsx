import type { CampaignResource } from '@comped/shared/schemas/resources';
import { formatDay, formatTime12 } from '@comped/shared/time';
import { Alert, Button } from '@mui/material';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../config/paths';

type OwnBooking = NonNullable<CampaignResource['my_booking']>;

/** What the user's live booking of a campaign says, and the page it is on. */
function noticeOf(b: OwnBooking): { text: string; action: string; href: string } {
  const when = `${formatDay(b.booking_date)} at ${formatTime12(b.booking_time)}`;
  if (b.status === 'pending') {
    return {
      text: `You requested a visit on ${when}; the brand has not answered yet.`,
      action: 'See your request',
      href: paths.bookings.getHref(),
    };
  }
  if (b.status === 'accepted') {
    return { text: `You are booked for ${when}.`, action: 'Visit pass', href: paths.visitPass.getHref(b.id) };
  }
  return {
    text: `You visited on ${formatDay(b.booking_date)}.`,
    action: 'See your booking',
    href: paths.bookingsTab.getHref('past'),
  };
}

/**
 * A media user's own booking of the campaign they are looking at (one per campaign): where it is,
 * in place of a second request the API would refuse. In a subfolder: made of `mui`'s parts, it goes
 * with its pages rather than into the `shared` chunk (apps/web/vite.config.ts).
 */
export function OwnBookingNotice({ booking }: { booking: OwnBooking }) {
  const notice = noticeOf(booking);
  return (
    <Alert
      severity="success"
      role="status"
      sx={{ width: '100%', alignItems: 'center' }}
      action={
        <Button
          color="inherit"
          size="small"
          component={RouterLink}
          to={notice.href}
          sx={{ minHeight: 40, whiteSpace: 'nowrap' }}
        >
          {notice.action}
        </Button>
      }
    >
      {notice.text}
    </Alert>
  );
}
