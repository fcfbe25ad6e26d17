import { MSG } from '@comped/shared/messages';
import { formatDay, formatTime12 } from '@comped/shared/time';
import AddIcon from '@mui/icons-material/Add';
import { Box, Button, ButtonBase, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';

import { LazyAlert } from '../../../components/lazy-alert';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { PageTitle } from '../../../components/page-title';
import { StatusPill } from '../../../components/plain/status-pill';
import { paths } from '../../../config/paths';
import { brandMay } from '../../../lib/route-guard';
import { useUser } from '../../../lib/use-session';
import { useApprovedBrandCampaigns, useRecentBrandBookings } from '../api/dashboard';
import { useOwnBrand } from '../hooks/use-own-brand';
import { PhotosSection } from './photos-section';
import { Section } from './section';

const MissingLocationsDialog = lazy(() =>
  import('../../../components/dialogs/missing-locations-dialog').then((m) => ({ default: m.MissingLocationsDialog })),
);
const CampaignKindDialog = lazy(() =>
  import('./campaign-kind-dialog').then((m) => ({ default: m.CampaignKindDialog })),
);

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function PlainList({ children }: { children: ReactNode }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {children}
    </Box>
  );
}

/**
 * MUI's ListItem (divider) with a ListItemButton link and a ListItemText, from the entry's parts:
 * those are in the shared `mui` chunk, which /dashboard's first paint does not wait for.
 */
function PlainListItem({
  to,
  primary,
  secondary,
  end,
}: {
  to: string;
  primary: string;
  secondary?: string;
  end?: ReactNode;
}) {
  return (
    <Box component="li" sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <ButtonBase
        component={RouterLink}
        to={to}
        sx={{
          display: 'flex',
          width: '100%',
          justifyContent: 'flex-start',
          alignItems: 'center',
          textAlign: 'left',
          gap: 1,
          px: 2,
          py: 1,
          '&:hover': { bgcolor: 'action.hover' },
        }}
      >
        <Box sx={{ flex: 1, minWidth: 0, my: 0.75 }}>
          <Typography sx={{ display: 'block' }}>{primary}</Typography>
          {secondary ? (
            <Typography variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
              {secondary}
            </Typography>
          ) : null}
        </Box>
        {end}
      </ButtonBase>
    </Box>
  );
}

/**
 * /dashboard for brands: update images, recent bookings, live campaigns and Create campaign, then
 * `children` (the route's insights headline). The sections appear together once every read has
 * answered (`childrenPending` for the children's own): each one's height depends on its answer
 * (photos or none, a list or "No bookings yet."), and a section that grew after the ones below it
 * had painted would push them down the screen.
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
  // Mounted from the first opening on, so that closing plays the dialog's exit.
  const [missingWanted, setMissingWanted] = useState(false);
  const [chooserWanted, setChooserWanted] = useState(false);
  // Brand teams: a host works bookings; owners and managers create campaigns.
  const manage = brandMay(useUser(), ['owner', 'manager']);
  const waiting = !!brandId && (isPending || bookings.isPending || campaigns.isPending || childrenPending);

  function createCampaign() {
    if (!brand) return;
    if (brand.locations.length === 0) {
      setMissingWanted(true);
      setMissingOpen(true);
    } else {
      setChooserWanted(true);
      setChooserOpen(true);
    }
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          justifyContent: 'space-between',
          alignItems: { sm: 'center' },
          gap: 2,
        }}
      >
        <PageTitle>Dashboard</PageTitle>
        {manage ? (
          <Button variant="contained" startIcon={<AddIcon />} onClick={createCampaign} disabled={!brand}>
            Create campaign
          </Button>
        ) : null}
      </Box>

      {!brandId ? <LazyAlert severity="warning">No brand is linked to this account.</LazyAlert> : null}
      {waiting ? (
        <Loading label="Loading your dashboard" />
      ) : (
        <>
          {!brandId ? null : isError || !brand ? (
            <LoadError onRetry={refetch}>We couldn&apos;t load your brand.</LoadError>
          ) : manage ? (
            <PhotosSection brandId={brand.id} photos={brand.photos} title="Update images" />
          ) : null}

          <Section
            title="Recent bookings"
            action={
              <Button component={RouterLink} to={paths.bookings.getHref()}>
                All bookings
              </Button>
            }
          >
            {bookings.isPending ? (
              <Loading label="Loading bookings" />
            ) : bookings.isError ? (
              <LoadError severity="warning" onRetry={bookings.refetch}>
                Bookings are not available right now.
              </LoadError>
            ) : (bookings.data?.data ?? []).length === 0 ? (
              <Typography color="text.secondary">{MSG.noBookings}</Typography>
            ) : (
              <PlainList>
                {bookings.data!.data.map((b) => (
                  <PlainListItem
                    key={b.id}
                    to={paths.bookings.getHref()}
                    primary={`${b.influencer?.name ?? 'Guest'} · ${b.campaign?.name ?? ''}`}
                    secondary={`${formatDay(b.booking_date)} at ${formatTime12(b.booking_time)} · ${b.guests} guest${b.guests === 1 ? '' : 's'} · ${b.location?.name ?? ''}`}
                    end={<StatusPill label={capitalized(b.status === 'finished' ? 'Completed' : b.status)} />}
                  />
                ))}
              </PlainList>
            )}
          </Section>

          <Section
            title="Campaigns"
            action={
              <Button component={RouterLink} to={paths.campaigns.getHref()}>
                All campaigns
              </Button>
            }
          >
            {campaigns.isPending ? (
              <Loading label="Loading campaigns" />
            ) : campaigns.isError ? (
              <LoadError severity="warning" onRetry={campaigns.refetch}>
                Campaigns are not available right now.
              </LoadError>
            ) : (campaigns.data?.data ?? []).length === 0 ? (
              <Typography color="text.secondary">
                No live campaigns yet. Create one to start receiving bookings.
              </Typography>
            ) : (
              <PlainList>
                {campaigns.data!.data.map((c) => (
                  <PlainListItem
                    key={c.id}
                    to={paths.campaign.getHref(c.id)}
                    primary={c.name}
                    secondary={
                      c.expires_on ? `Offered until ${formatDay(c.expires_on, { weekday: false })}` : undefined
                    }
                  />
                ))}
              </PlainList>
            )}
          </Section>
          {children}
        </>
      )}

      {/* The dialogs' code (with the shared `mui` chunk) loads on the first tap of Create campaign. */}
      <Suspense fallback={null}>
        {missingWanted ? <MissingLocationsDialog open={missingOpen} onClose={() => setMissingOpen(false)} /> : null}
        {chooserWanted ? <CampaignKindDialog open={chooserOpen} onClose={() => setChooserOpen(false)} /> : null}
      </Suspense>
    </Box>
  );
}
