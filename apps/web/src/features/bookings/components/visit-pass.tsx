import type { BookingResource } from '@comped/shared/schemas/resources';
import { bookingStatusLabel } from '@comped/shared/statuses';
import { formatLongDay, formatTime12 } from '@comped/shared/time';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Avatar, Box, Button, Card, CardContent, Chip, Divider, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { MessageLink } from '../../../components/message-link';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { ApiError, fileUrl } from '../../../lib/api-client';
import { useHoldSpinner } from '../../../lib/use-hold-spinner';
import { useUser } from '../../../lib/use-session';
import { useVisitPass } from '../api/get-visit-pass';
import { compTermsOf } from './comp-terms';
import { QrImage } from './qr-image';
import { ConfirmVisitButton } from './slot-actions';
import { checkedInLabel } from './visit-format';

/** Why there is no code to show, for a booking that is not (or no longer) an upcoming visit. */
function noCodeReason(b: BookingResource): string | null {
  if (b.status === 'accepted')
    return b.checked_in_at ? null : b.check_in_code ? null : 'Your check-in code is on its way.';
  if (b.status === 'pending')
    return 'The brand has not answered yet: your check-in code appears here once they accept.';
  if (b.status === 'finished') return 'This visit is over. Thank you for going!';
  if (b.status === 'no_show') return 'This visit was marked as a no-show.';
  return 'This visit will not take place.';
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="div" sx={{ display: 'grid', gridTemplateColumns: '7.5rem minmax(0, 1fr)', gap: 1, py: 1 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body1" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * The visit pass of one booking: everything needed at the door on one screen, on a phone, without a
 * connection once it has been opened (api/get-visit-pass.ts): the venue, its address, the date and
 * time in the venue's zone, the guests, what the comp includes, and the check-in code with its QR.
 */
export function VisitPassView({ booking }: { booking: BookingResource }) {
  const b = booking;
  const brand = b.campaign.brand;
  const terms = compTermsOf(b);
  const reason = noCodeReason(b);
  const showCode = b.status === 'accepted' && b.check_in_code && !b.checked_in_at;
  const titleId = `pass-${b.id}-venue`;
  const guests = `${b.guests} ${b.guests === 1 ? 'guest' : 'guests'}`;
  return (
    <Card component="article" variant="outlined" aria-labelledby={titleId} sx={{ maxWidth: 560, mx: 'auto' }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Avatar src={fileUrl(brand.logo)} alt="" variant="rounded" sx={{ width: 56, height: 56 }}>
            {brand.name.slice(0, 1)}
          </Avatar>
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Typography id={titleId} variant="h5" component="h2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {brand.name}
            </Typography>
            <Typography color="text.secondary">{b.location.name}</Typography>
          </Box>
          {b.status === 'accepted' ? null : <Chip size="small" label={bookingStatusLabel(b)} />}
        </Stack>

        {showCode ? (
          <Box sx={{ textAlign: 'center', my: 3 }} data-testid="visit-pass-code">
            <Box sx={{ display: 'inline-block', p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2 }}>
              <QrImage value={b.check_in_code!} size={208} label={`QR code of check-in code ${b.check_in_code}`} />
            </Box>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1.5 }}>
              Check-in code
            </Typography>
            <Typography
              component="p"
              data-testid="check-in-code"
              sx={{ fontFamily: 'monospace', fontSize: 34, fontWeight: 700, letterSpacing: 4, lineHeight: 1.2 }}
            >
              {b.check_in_code}
            </Typography>
            <Typography color="text.secondary">Show it when you arrive: the venue checks you in with it.</Typography>
          </Box>
        ) : null}
        {b.checked_in_at ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'success.dark', my: 2 }}>
            <CheckCircleIcon aria-hidden />
            <Typography sx={{ fontWeight: 600 }}>{checkedInLabel(b)}</Typography>
          </Stack>
        ) : null}
        {reason ? (
          <Typography sx={{ my: 2 }} color="text.secondary">
            {reason}
          </Typography>
        ) : null}

        {b.status === 'accepted' && (b.can_confirm || b.confirmed_at) ? (
          <Box sx={{ textAlign: 'center', my: 2 }}>
            <ConfirmVisitButton booking={b} userId={b.influencer.id} />
          </Box>
        ) : null}
        <Divider />
        <Box component="dl" sx={{ my: 1 }}>
          <Row label="Date">{formatLongDay(b.booking_date)}</Row>
          <Row label="Time">
            {formatTime12(b.booking_time)}
            <Typography
              component="span"
              variant="body2"
              color="text.secondary"
              sx={{ display: 'block', fontWeight: 400 }}
            >
              Local time at the venue
            </Typography>
          </Row>
          <Row label="Address">{b.location.address}</Row>
          <Row label="Guests">{guests}</Row>
          <Row label="Campaign">{b.campaign.name}</Row>
        </Box>

        <Divider />
        <Typography variant="h6" component="h3" sx={{ mt: 2, mb: 1 }}>
          What&apos;s included
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5, '& li': { py: 0.25 }, '&:empty': { display: 'none' } }}>
          {terms.includes.map((line) => (
            <li key={line}>{line}</li>
          ))}
          {terms.value ? (
            <li>
              {terms.value.label}: <strong>{terms.value.amount}</strong>
            </li>
          ) : null}
          {terms.guests ? <li>{terms.guests}</li> : null}
        </Box>
        {terms.includes.length === 0 && !terms.value && !terms.guests ? (
          <Typography color="text.secondary">The venue will tell you what your visit includes.</Typography>
        ) : null}
        {terms.tip ? (
          <Typography sx={{ mt: 1.5 }}>
            <Box component="span" sx={{ fontWeight: 600 }}>
              Good to know:
            </Box>{' '}
            {terms.tip}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** /bookings/{id}/pass for the media user of the booking. */
export function VisitPassPage({ bookingId }: { bookingId: number }) {
  const user = useUser();
  const query = useVisitPass(user.id, bookingId);
  const holding = useHoldSpinner(query.isPending);
  let body: ReactNode;
  if (query.isPending || holding) body = <Loading label="Loading your visit pass" />;
  else if (query.isError) {
    const missing = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 403);
    body = missing ? (
      <LoadError severity="warning">This booking was not found.</LoadError>
    ) : (
      <LoadError onRetry={query.refetch}>We couldn&apos;t load your visit pass.</LoadError>
    );
  } else body = <VisitPassView booking={query.data} />;
  return (
    <Box>
      <PageTitle>Visit pass</PageTitle>
      {body}
      {/* Once the pass is in, not below the spinner: the card replacing it would push the links down. */}
      {query.isPending || holding ? null : (
        <Box sx={{ mt: 3, display: 'flex', justifyContent: 'center', flexWrap: 'wrap', gap: 1 }}>
          {query.data?.conversation_id ? (
            <MessageLink
              conversationId={query.data.conversation_id}
              ariaLabel={`Message ${query.data.campaign.brand.name}`}
            />
          ) : null}
          <Button component={RouterLink} to={paths.bookingsTab.getHref('upcoming')}>
            All bookings
          </Button>
        </Box>
      )}
    </Box>
  );
}
