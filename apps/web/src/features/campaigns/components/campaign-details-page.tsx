import { bookingsClosedSince, datesOfCampaign } from '@comped/shared/booking-window';
import { bookingsClosedMessage } from '@comped/shared/messages';
import { isMediaRole } from '@comped/shared/roles';
import MailOutlineIcon from '@mui/icons-material/EmailOutlined';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import { Alert, Button } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';

import { useCampaign } from '../../../api/campaigns';
import { useMediaCampaign } from '../../../api/media-campaigns';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { OwnBookingNotice } from '../../../components/notices/own-booking-notice';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useUser } from '../../../lib/use-session';
import { venueToday } from '../../../lib/venue-today';
import { CampaignDetailsView } from './campaign-details-view';
import { ContactBrandDialog } from './contact-brand-dialog';

/** /campaigns/{id}: brands read their own campaign, media users one aimed at them. */
export function CampaignDetailsPage({ campaignId }: { campaignId: number }) {
  const user = useUser();
  const type = user.profile.type;
  const isBrand = type === 'brands';
  const isMedia = isMediaRole(type);
  const brandQuery = useCampaign(campaignId, { enabled: isBrand && campaignId > 0 });
  const mediaQuery = useMediaCampaign(user.id, campaignId, isMedia && campaignId > 0);
  const query = isBrand ? brandQuery : mediaQuery;
  const [contactOpen, setContactOpen] = useState(false);

  useEffect(() => {
    if (query.data) document.title = `${query.data.name} · Comped`;
  }, [query.data]);

  if (!isBrand && !isMedia) {
    return <Alert severity="info">Campaigns waiting for review are in the staff console.</Alert>;
  }
  if (!(campaignId > 0) || (query.error instanceof ApiError && [403, 404].includes(query.error.status))) {
    return (
      <Alert
        severity="info"
        action={
          <Button color="inherit" component={Link} to={paths.campaigns.getHref()}>
            All campaigns
          </Button>
        }
      >
        This campaign is not available (anymore).
      </Alert>
    );
  }
  if (query.isError) {
    return <LoadError onRetry={query.refetch} />;
  }
  if (!query.data) return <Loading label="Loading the campaign" />;
  const c = query.data;
  const bookable = !!c.type.booking && !c.type.booking.information_only;
  const closedSince = bookable
    ? bookingsClosedSince(datesOfCampaign(c), venueToday(c.locations.map((l) => l.time_zone)))
    : null;

  return (
    <>
      <CampaignDetailsView
        campaign={c}
        showStatus={isBrand}
        showAudience={isBrand}
        actions={
          isBrand ? (
            <Button variant="contained" component={Link} to={paths.bookings.getHref()}>
              See Bookings
            </Button>
          ) : (
            <>
              {c.my_booking ? <OwnBookingNotice booking={c.my_booking} /> : null}
              {closedSince && !c.my_booking ? (
                <Alert severity="info" role="status">
                  {bookingsClosedMessage(closedSince)}
                </Alert>
              ) : null}
              {bookable && !c.my_booking && !closedSince && (
                <Button
                  variant="contained"
                  component={Link}
                  to={paths.campaignBook.getHref(c.id)}
                  startIcon={<EventAvailableIcon />}
                >
                  Request a booking
                </Button>
              )}
              {type === 'journalist' && (
                <Button variant="outlined" onClick={() => setContactOpen(true)} startIcon={<MailOutlineIcon />}>
                  Contact Brand
                </Button>
              )}
            </>
          )
        }
      />
      {type === 'journalist' && (
        <ContactBrandDialog
          open={contactOpen}
          onClose={() => setContactOpen(false)}
          userId={user.id}
          brand={{ id: c.brand_id, name: c.brand.name }}
        />
      )}
    </>
  );
}
