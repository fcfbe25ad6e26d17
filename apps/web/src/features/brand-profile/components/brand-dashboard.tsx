import { lastVisitDayBeforeOffer } from '@comped/shared/booking-window';
import { MSG } from '@comped/shared/messages';
import type { CampaignResource } from '@comped/shared/schemas/resources';
import { formatDay, formatTime12 } from '@comped/shared/time';
import AddIcon from '@mui/icons-material/Add';
import { Alert, Button, Chip, List, ListItem, ListItemButton, ListItemText, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';

import { MissingLocationsDialog } from '../../../components/dialogs/missing-locations-dialog';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { InTurn } from '../../../lib/in-turn';
import { lazyDialog } from '../../../lib/lazy-dialog';
import { localToday } from '../../../lib/local-today';
import { brandMay } from '../../../lib/route-guard';
import { useHoldSpinner } from '../../../lib/use-hold-spinner';
import { useUser } from '../../../lib/use-session';
import { useApprovedBrandCampaigns, useRecentBrandBookings } from '../api/dashboard';
import { useOwnBrand } from '../hooks/use-own-brand';
import { PhotosSection } from './photos-section';
import { Section } from './section';

// Create campaign's question (which kind): its code loads after the dashboard's content.
const CampaignKindDialog = lazyDialog<{ open: boolean; onClose: () => void }>(() =>
  import('./campaign-kind-dialog-view').then((m) => m.CampaignKindDialogView),
);

/**
 * /dashboard for brands: update images, recent bookings, live campaigns and Create campaign, then
 * `children` (the route's insights headline). The sections wait until every read has answered
 * (`childrenPending` for the children's own): each one's height depends on its answer (photos or
 * none, a list or "No bookings yet."), and a section that grew after the ones below it had painted
 * would push them down the screen. They then render from the top, each section and each row in a
 * task of its own (lib/in-turn.tsx), so what appears is always below what is drawn.
 */
export function BrandDashboard({
  children,
  childrenPending = false,
}: {
  children?: ReactNode;
  childrenPending?: boolean;
} = {}) {
  const { brandId, data: brand, isPending, isError, refetch } = useOwnBrand();
  const bookings = useRecentBrandBookings(brandId);
  const campaigns = useApprovedBrandCampaigns(brandId);
  const [missingOpen, setMissingOpen] = useState(false);
  const [chooserOpen, setChooserOpen] = useState(false);
  // Brand teams: a host works bookings; owners and managers create campaigns.
  const manage = brandMay(useUser(), ['owner', 'manager']);
  const today = localToday();
  // Every read is in before anything shows, so no section has a spinner of its own.
  const reading = isPending || bookings.isPending || campaigns.isPending || childrenPending;
  const holding = useHoldSpinner(reading);
  const waiting = reading || holding;

  function createCampaign() {
    if (!brand) return;
    if (brand.locations.length === 0) setMissingOpen(true);
    else setChooserOpen(true);
  }

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, gap: 2 }}
      >
        <PageTitle>Dashboard</PageTitle>
        {manage ? (
          <Button variant="contained" startIcon={<AddIcon />} onClick={createCampaign} disabled={!brand}>
            Create campaign
          </Button>
        ) : null}
      </Stack>

      {!brandId ? <Alert severity="warning">No brand is linked to this account.</Alert> : null}
      {!brandId ? null : waiting ? (
        <Loading label="Loading your dashboard" />
      ) : (
        <>
          {isError || !brand ? (
            <LoadError onRetry={refetch}>We couldn&apos;t load your brand.</LoadError>
          ) : manage ? (
            <InTurn>
              <PhotosSection brandId={brand.id} photos={brand.photos} title="Update images" />
            </InTurn>
          ) : null}

          <InTurn>
            <Section
              title="Recent bookings"
              action={
                <Button component={RouterLink} to={paths.bookings.getHref()}>
                  All bookings
                </Button>
              }
            >
              {bookings.isError ? (
                <LoadError severity="warning" onRetry={bookings.refetch}>
                  Bookings are not available right now.
                </LoadError>
              ) : (bookings.data?.data ?? []).length === 0 ? (
                <Typography color="text.secondary">{MSG.noBookings}</Typography>
              ) : (
                <List disablePadding>
                  {bookings.data!.data.map((b) => (
                    <InTurn key={b.id}>
                      <ListItem disablePadding divider>
                        <ListItemButton component={RouterLink} to={paths.bookings.getHref()}>
                          <ListItemText
                            primary={`${b.influencer?.name ?? 'Guest'} · ${b.campaign?.name ?? ''}`}
                            secondary={`${formatDay(b.booking_date)} at ${formatTime12(b.booking_time)} · ${b.guests} guest${b.guests === 1 ? '' : 's'} · ${b.location?.name ?? ''}`}
                          />
                          <Chip
                            size="small"
                            label={b.status === 'finished' ? 'Completed' : b.status}
                            sx={{ textTransform: 'capitalize' }}
                          />
                        </ListItemButton>
                      </ListItem>
                    </InTurn>
                  ))}
                </List>
              )}
            </Section>
          </InTurn>

          <InTurn>
            <Section
              title="Campaigns"
              action={
                <Button component={RouterLink} to={paths.campaigns.getHref()}>
                  All campaigns
                </Button>
              }
            >
              {campaigns.isError ? (
                <LoadError severity="warning" onRetry={campaigns.refetch}>
                  Campaigns are not available right now.
                </LoadError>
              ) : (campaigns.data?.data ?? []).length === 0 ? (
                <Typography color="text.secondary">
                  No live campaigns yet. Create one to start receiving bookings.
                </Typography>
              ) : (
                <List disablePadding>
                  {campaigns.data!.data.map((c) => (
                    <InTurn key={c.id}>
                      <ListItem disablePadding divider>
                        <ListItemButton component={RouterLink} to={paths.campaign.getHref(c.id)}>
                          <ListItemText primary={c.name} secondary={campaignRowDates(c, today)} />
                        </ListItemButton>
                      </ListItem>
                    </InTurn>
                  ))}
                </List>
              )}
            </Section>
          </InTurn>
          <InTurn>{children}</InTurn>
        </>
      )}

      <MissingLocationsDialog open={missingOpen} onClose={() => setMissingOpen(false)} />
      <CampaignKindDialog open={chooserOpen} onClose={() => setChooserOpen(false)} />
    </Stack>
  );
}

/**
 * A live campaign's line under its name: until when it is offered, and before that the last day of
 * visits when they end sooner (a launch or an opening without an end date takes two days of visits).
 */
function campaignRowDates(c: CampaignResource, today: string): string | undefined {
  if (!c.expires_on) return undefined;
  const offeredUntil = formatDay(c.expires_on, { weekday: false });
  const lastVisitDay = lastVisitDayBeforeOffer(c);
  if (!lastVisitDay) return `Offered until ${offeredUntil}`;
  const visits = lastVisitDay < today ? 'Visits could be booked until' : 'Visits until';
  return `${visits} ${formatDay(lastVisitDay, { weekday: false })} · offered until ${offeredUntil}`;
}
