import { bookingsClosedSince, datesOfCampaign } from '@comped/shared/booking-window';
import { MSG } from '@comped/shared/messages';
import type { CampaignResource } from '@comped/shared/schemas/resources';
import { addDays, formatDay } from '@comped/shared/time';
import { Button, Typography } from '@mui/material';
import { Link } from 'react-router';

import { EmptyState } from '../../../components/empty-state';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { localToday } from '../../../lib/local-today';
import { venueToday } from '../../../lib/venue-today';
import type { DiscoveryFilters } from '../api/get-media-campaigns';
import { useMediaCampaigns } from '../api/get-media-campaigns';
import { useDiscoveryFilters } from '../hooks/use-discovery-filters';
import { formatDollars } from '../lib/format';
import { CampaignCard } from './campaign-card';
import { DiscoveryFiltersBar } from './discovery-filters';
import { InfiniteCampaignList } from './infinite-campaign-list';

/** /campaigns for influencers and journalists: approved campaigns aimed at them. */
export function MediaCampaigns({ userId }: { userId: number }) {
  const { filters, active, update, clear } = useDiscoveryFilters();
  const query = useMediaCampaigns(userId, filters);
  const errors = filterErrors(query.error);
  const total = query.data?.pages[0]?.meta.total;
  const today = localToday();
  return (
    <>
      <DiscoveryFiltersBar filters={filters} update={update} errors={errors} />
      {total !== undefined && (
        <Typography role="status" sx={{ mb: 2, color: 'text.secondary' }}>
          {total === 1 ? '1 campaign' : `${total} campaigns`}
        </Typography>
      )}
      {Object.keys(errors).length > 0 ? null : (
        <InfiniteCampaignList
          query={query}
          label="Campaigns for you"
          empty={
            active ? (
              <EmptyState
                title={MSG.noCampaignsMatch}
                text="Try another search, a wider distance or another day."
                action={
                  <Button variant="outlined" onClick={clear}>
                    Clear filters
                  </Button>
                }
              />
            ) : (
              <EmptyState
                title="No campaigns for you right now"
                text="Brands publish new experiences all the time. Campaigns aimed at you appear here as soon as they are approved, so check back soon."
                action={
                  <Button variant="outlined" component={Link} to={paths.profileEdit.getHref()}>
                    Complete your profile
                  </Button>
                }
              />
            )
          }
          renderItem={(c) => (
            <CampaignCard
              campaign={c}
              priority={c.id === query.data?.pages[0]?.data[0]?.id}
              actions={
                <Button
                  variant="contained"
                  component={Link}
                  to={paths.campaign.getHref(c.id)}
                  aria-label={`More details about ${c.name}`}
                >
                  More details
                </Button>
              }
            >
              <Typography variant="body2">by {c.brand.name}</Typography>
              {c.invitation ? (
                // A label, not MUI's Chip: the list paints its first card without the shared `mui` chunk.
                <Typography
                  variant="caption"
                  sx={{
                    alignSelf: 'flex-start',
                    px: 1,
                    py: 0.25,
                    borderRadius: 4,
                    bgcolor: 'secondary.main',
                    color: 'secondary.contrastText',
                    fontWeight: 600,
                  }}
                >
                  Invited by {c.invitation.brand_name}
                </Typography>
              ) : null}
              {c.type.booking && !c.type.booking.information_only && (
                <Typography variant="body2" sx={{ fontWeight: 600, color: 'secondary.main' }}>
                  Complimentary experience worth {formatDollars(c.type.booking.compensation)}
                </Typography>
              )}
              {c.type.booking && !c.type.booking.information_only && <VisitsClosed campaign={c} today={today} />}
            </CampaignCard>
          )}
        />
      )}
    </>
  );
}

/**
 * A launch without an end date is offered for a month but takes visits for two days. Closed by the
 * phone's calendar on the day after its last one, it may still take visits tonight at the venues
 * (another zone, or just past midnight): they are asked then only, as a zone's date loads Intl's
 * data, which the list's first render goes without.
 */
function VisitsClosed({ campaign: c, today }: { campaign: CampaignResource; today: string }) {
  const dates = datesOfCampaign(c);
  const lastDay = bookingsClosedSince(dates, today);
  if (!lastDay) return null;
  if (addDays(lastDay, 1) === today && !bookingsClosedSince(dates, venueToday(c.locations.map((l) => l.time_zone))))
    return null;
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
      Visits could be booked until {formatDay(lastDay, { weekday: false })}
    </Typography>
  );
}

/** The API's 422 field map (`filter[near]`, `filter[category].0`, ...) by filter name. */
function filterErrors(error: unknown): Partial<Record<keyof DiscoveryFilters, string>> {
  if (!(error instanceof ApiError) || !error.isValidation) return {};
  const out: Partial<Record<keyof DiscoveryFilters, string>> = {};
  for (const [field, messages] of Object.entries(error.errors)) {
    const m = /^filter\[(q|category|near|miles|date)\]/.exec(field);
    if (m && messages[0]) out[m[1] as keyof DiscoveryFilters] = messages[0];
  }
  return out;
}
