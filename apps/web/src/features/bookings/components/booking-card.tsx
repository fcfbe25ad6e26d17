import { MSG } from '@comped/shared/messages';
import type { BookingResource } from '@comped/shared/schemas/resources';
import { bookingStatusLabel } from '@comped/shared/statuses';
import { formatTime12 } from '@comped/shared/time';
import { reliabilityLabel } from '@comped/shared/visit-rules';
import { Avatar, Box, Card, CardActions, CardContent, Chip, Link, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

import { MessageLink } from '../../../components/message-link';
import { paths } from '../../../config/paths';
import { fileUrl } from '../../../lib/api-client';
import { WRAPPING_CHIP_SX } from './chip-styles';
import { CompTermsList } from './comp-terms-list';
import { DeliveredPosts } from './delivered-posts';
import { decidedLabel, formatDate, formatUsd } from './format';
import { AttendanceChip } from './slot-actions';
import { VisitPanel } from './visit-panel';

/** Light chips with dark text: readable (WCAG AA contrast) for every status. */
const STATUS_SX: Record<BookingResource['status'], { bgcolor: string; color: string }> = {
  pending: { bgcolor: '#fff4e5', color: '#7a4100' },
  accepted: { bgcolor: '#e8f5e9', color: '#1b5e20' },
  finished: { bgcolor: '#e8eaf6', color: '#283593' },
  declined: { bgcolor: '#fdecea', color: '#8e1c1c' },
  cancelled: { bgcolor: '#eeeeee', color: '#424242' },
  no_show: { bgcolor: '#fce4ec', color: '#880e4f' },
};
/** A request declined because its visit time passed unanswered: nobody said no, so not the red of declined. */
const EXPIRED_SX = { bgcolor: '#eeeeee', color: '#424242' };

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * One booking: brands see the media user, media users see the brand (spec section 2). Both sides
 * get Message, to the booking's conversation (issue 26), after the card's own actions.
 */
export function BookingCard({
  booking,
  side,
  actions,
}: {
  booking: BookingResource;
  side: 'brand' | 'media';
  actions?: ReactNode;
}) {
  const inf = booking.influencer;
  const brand = booking.campaign.brand;
  const titleId = `booking-${booking.id}-title`;
  const compensation = formatUsd(booking.campaign.type.booking?.compensation);
  const expired = booking.status === 'declined' && booking.decline_reason === 'expired';
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          {side === 'brand' ? (
            <Avatar src={fileUrl(inf.profile_picture)} alt="" sx={{ width: 48, height: 48 }}>
              {inf.name.slice(0, 1)}
            </Avatar>
          ) : (
            <Avatar src={fileUrl(brand.logo)} alt="" variant="rounded" sx={{ width: 48, height: 48 }}>
              {brand.name.slice(0, 1)}
            </Avatar>
          )}
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
              {side === 'brand' ? (
                <Link component={RouterLink} to={paths.mediaProfile.getHref(inf.id)} underline="hover" color="inherit">
                  {inf.name}
                </Link>
              ) : (
                brand.name
              )}
            </Typography>
            {side === 'brand' ? (
              <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', mt: 0.5, flexWrap: 'wrap' }}>
                <Typography variant="body2" color="text.secondary" sx={{ textTransform: 'capitalize' }}>
                  {inf.type}
                </Typography>
                {inf.tier_range ? <Chip size="small" label={`Tier ${inf.tier_range}`} sx={WRAPPING_CHIP_SX} /> : null}
                <Chip
                  size="small"
                  variant="outlined"
                  sx={WRAPPING_CHIP_SX}
                  label={reliabilityLabel(booking.reliability)}
                  aria-label={`Reliability: ${reliabilityLabel(booking.reliability)}`}
                />
                {/* Beside the guest's facts, where the row wraps: a phone has no room for it by the status. */}
                <AttendanceChip booking={booking} />
              </Stack>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {booking.campaign.name}
              </Typography>
            )}
          </Box>
          <Chip
            size="small"
            label={bookingStatusLabel(booking)}
            sx={{ ...(expired ? EXPIRED_SX : STATUS_SX[booking.status]), fontWeight: 600 }}
          />
        </Stack>
        {expired ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {side === 'media' ? MSG.bookingExpiredMedia : MSG.bookingExpiredBrand}
          </Typography>
        ) : null}
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1.5 }}>
          {side === 'brand' ? <Detail label="Campaign">{booking.campaign.name}</Detail> : null}
          <Detail label="Location">
            {booking.location.name}
            <Typography
              variant="body2"
              component="span"
              color="text.secondary"
              sx={{ display: 'block', fontWeight: 400 }}
            >
              {booking.location.address}
            </Typography>
          </Detail>
          <Detail label="Date">{formatDate(booking.booking_date)}</Detail>
          <Detail label="Time">{formatTime12(booking.booking_time)}</Detail>
          <Detail label="Guests">{booking.guests}</Detail>
          {compensation ? <Detail label="Compensation">{compensation}</Detail> : null}
          {booking.rate ? <Detail label="Your rating">{`${booking.rate} / 5`}</Detail> : null}
        </Box>
        {side === 'brand' && booking.decided_by ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            {decidedLabel(booking)} {booking.decided_by.name}
          </Typography>
        ) : null}
        {side === 'brand' && booking.proposal ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} data-testid="proposal-sent">
            You proposed {formatDate(booking.proposal.booking_date)} at {formatTime12(booking.proposal.booking_time)}:
            waiting for their answer.
          </Typography>
        ) : null}
        {side === 'brand' && booking.status === 'accepted' ? <CompTermsList booking={booking} /> : null}
        <VisitPanel booking={booking} side={side} />
        {side === 'brand' && booking.task?.completed ? <DeliveredPosts posts={booking.task.posts} /> : null}
      </CardContent>
      {actions || booking.conversation_id !== null ? (
        <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          {actions}
          {booking.conversation_id !== null ? (
            <MessageLink
              conversationId={booking.conversation_id}
              ariaLabel={`Message ${side === 'brand' ? inf.name : brand.name} about ${formatDate(booking.booking_date)}`}
            />
          ) : null}
        </CardActions>
      ) : null}
    </Card>
  );
}
