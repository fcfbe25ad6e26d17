import { bookingsClosedSince, datesOfCampaign } from '@comped/shared/booking-window';
import { bookingsClosedMessage } from '@comped/shared/messages';
import { isMediaRole } from '@comped/shared/roles';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router';

import { useMediaCampaign } from '../../../api/media-campaigns';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { OwnBookingNotice } from '../../../components/notices/own-booking-notice';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useUser } from '../../../lib/use-session';
import { venueToday } from '../../../lib/venue-today';
import { BookingForm } from './booking-form';

/** /campaigns/{id}/book: the booking request of a media user. */
export function CampaignBookPage() {
  const user = useUser();
  const { campaignId } = useParams();
  const id = Number(campaignId);
  const campaign = useMediaCampaign(user.id, id, Number.isFinite(id));

  if (!isMediaRole(user.profile.type)) {
    return (
      <Box>
        <PageTitle>Request a booking</PageTitle>
        <Alert severity="info">Only influencers and journalists can request a visit.</Alert>
      </Box>
    );
  }
  if (campaign.isPending) return <Loading label="Loading the campaign" />;
  if (campaign.isError) {
    const missing =
      campaign.error instanceof ApiError && (campaign.error.status === 404 || campaign.error.status === 403);
    return (
      <Box>
        <PageTitle>Request a booking</PageTitle>
        {missing ? (
          <Alert
            severity="error"
            action={
              <Button component={RouterLink} to={paths.campaigns.getHref()} color="inherit" size="small">
                Campaigns
              </Button>
            }
          >
            This campaign is not available for booking.
          </Alert>
        ) : (
          <LoadError onRetry={campaign.refetch} />
        )}
      </Box>
    );
  }
  const c = campaign.data;
  const closedSince = bookingsClosedSince(datesOfCampaign(c), venueToday(c.locations.map((l) => l.time_zone)));
  return (
    <Box>
      <PageTitle title={`Book ${c.name}`}>Request a booking</PageTitle>
      <Stack spacing={1} sx={{ mb: 3 }}>
        <Typography variant="h6" component="h2">
          {c.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {c.brand.name}
        </Typography>
      </Stack>
      {!c.type.booking || c.type.booking.information_only ? (
        <Alert severity="info">This campaign is for information only and takes no bookings.</Alert>
      ) : c.my_booking ? (
        <OwnBookingNotice booking={c.my_booking} />
      ) : closedSince ? (
        <Alert severity="info" role="status">
          {bookingsClosedMessage(closedSince)}
        </Alert>
      ) : c.locations.length === 0 ? (
        <Alert severity="info">This campaign has no location to book at yet.</Alert>
      ) : (
        <BookingForm campaign={c} userId={user.id} />
      )}
    </Box>
  );
}
