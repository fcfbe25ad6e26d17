import { LIMITS } from '@comped/shared/limits';
import type { LocationResource } from '@comped/shared/schemas/resources';
import { formatTime12, WEEKDAYS } from '@comped/shared/time';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import GroupsIcon from '@mui/icons-material/Groups';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import {
  Alert,
  Avatar,
  Box,
  Button,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Paper,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { Link as RouterLink } from 'react-router';

import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { fileUrl } from '../../../lib/api-client';
import { brandMay } from '../../../lib/route-guard';
import { useUser } from '../../../lib/use-session';
import { useOwnBrand } from '../hooks/use-own-brand';
import { BrandDetails } from './brand-details';
import { LogoUploader } from './logo-uploader';
import { PhotosSection } from './photos-section';
import { Section } from './section';

export function menuDownloadUrl(menu: { name: string; path: string }): string {
  return `${fileUrl(menu.path)}?download=1&name=${encodeURIComponent(`${menu.name}.pdf`)}`;
}

const SHORT = (day: string) => `${day.slice(0, 1).toUpperCase()}${day.slice(1, 3)}`;

/** "Mon–Fri 9:00 AM–5:00 PM · Sat 10:00 AM–2:00 PM": consecutive days with equal hours grouped. */
export function hoursSummary(location: Pick<LocationResource, 'hours'>): string {
  if (location.hours.length === 0) return 'Closed every day';
  const byDay = new Map(
    location.hours.map((h) => [h.day, `${formatTime12(h.start_time)}–${formatTime12(h.end_time)}`]),
  );
  const groups: { from: string; to: string; range: string }[] = [];
  let prevOpen = false;
  for (const day of WEEKDAYS) {
    const range = byDay.get(day);
    const last = groups.at(-1);
    if (range && prevOpen && last && last.range === range) last.to = day;
    else if (range) groups.push({ from: day, to: day, range });
    prevOpen = !!range;
  }
  if (groups.length === 1 && location.hours.length === 7) return `Every day ${groups[0]!.range}`;
  return groups.map((g) => `${SHORT(g.from)}${g.from === g.to ? '' : `–${SHORT(g.to)}`} ${g.range}`).join(' · ');
}

/** /profile for brand owners: everything the brand shows, with its edit entry points. */
export function BrandProfilePage() {
  const { brandId, data: brand, isPending, isError, refetch } = useOwnBrand();
  const user = useUser();
  // Brand teams: a host reads the profile; owners and managers change it, the owner runs the team.
  const manage = brandMay(user, ['owner', 'manager']);
  const owner = brandMay(user, ['owner']);

  if (!brandId) return <Alert severity="warning">No brand is linked to this account.</Alert>;
  if (isPending) return <Loading label="Loading your brand" />;
  if (isError || !brand) return <LoadError onRetry={refetch}>We couldn&apos;t load your brand.</LoadError>;

  const atMax = brand.locations.length >= LIMITS.maxLocations;

  return (
    <Stack spacing={3}>
      <PageTitle>Profile</PageTitle>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={3}
          sx={{ alignItems: { xs: 'center', sm: 'flex-start' } }}
        >
          {manage ? (
            <LogoUploader brandId={brand.id} name={brand.name} logo={brand.logo} />
          ) : (
            <Avatar src={fileUrl(brand.logo)} alt="" variant="rounded" sx={{ width: 96, height: 96 }}>
              {brand.name.slice(0, 1)}
            </Avatar>
          )}
          <BrandDetails brand={brand} />
          {manage ? (
            <Button
              component={RouterLink}
              to={paths.profileEdit.getHref()}
              startIcon={<EditIcon />}
              variant="contained"
            >
              Edit profile
            </Button>
          ) : null}
          {owner ? (
            <Button component={RouterLink} to={paths.team.getHref()} startIcon={<GroupsIcon />} variant="outlined">
              Team
            </Button>
          ) : null}
        </Stack>
      </Paper>

      <Section
        title="Locations"
        action={
          manage ? (
            <Tooltip title={atMax ? `A brand can have at most ${LIMITS.maxLocations} locations.` : ''}>
              <span>
                <Button
                  component={RouterLink}
                  to={paths.profileLocationNew.getHref()}
                  startIcon={<AddIcon />}
                  variant="outlined"
                  disabled={atMax}
                >
                  Add location
                </Button>
              </span>
            </Tooltip>
          ) : undefined
        }
      >
        {brand.locations.length === 0 ? (
          <Alert severity="info">
            Add a location before you create a campaign: media users book their visit there.
          </Alert>
        ) : (
          <List disablePadding>
            {brand.locations.map((location) => (
              <ListItem key={location.id} disablePadding divider>
                {manage ? (
                  <ListItemButton component={RouterLink} to={paths.profileLocation.getHref(location.id)}>
                    {/* No aria-label: the link is named by what it shows (WCAG 2.5.3), then "(edit)". */}
                    <ListItemText
                      primary={location.name}
                      secondary={`${location.address} · ${hoursSummary(location)}`}
                      slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
                    />
                    <EditIcon fontSize="small" aria-hidden />
                    <Box component="span" sx={visuallyHidden}>
                      (edit)
                    </Box>
                  </ListItemButton>
                ) : (
                  <ListItemText
                    sx={{ px: 2 }}
                    primary={location.name}
                    secondary={`${location.address} · ${hoursSummary(location)}`}
                    slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
                  />
                )}
              </ListItem>
            ))}
          </List>
        )}
        {atMax ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            You have reached the {LIMITS.maxLocations} locations of your plan.
          </Typography>
        ) : null}
      </Section>

      <Section
        title="Menus"
        action={
          manage ? (
            <Button
              component={RouterLink}
              to={paths.profileMenus.getHref()}
              startIcon={<EditIcon />}
              variant="outlined"
            >
              Manage menus
            </Button>
          ) : undefined
        }
      >
        {brand.menus.length === 0 ? (
          <Alert severity="info">No menus yet. Upload your menus as PDF files.</Alert>
        ) : (
          <List disablePadding>
            {brand.menus.map((menu) => (
              <ListItem key={menu.id} disablePadding>
                <ListItemButton component="a" href={menuDownloadUrl(menu)} target="_blank" rel="noopener">
                  <ListItemIcon>
                    <PictureAsPdfIcon aria-hidden />
                  </ListItemIcon>
                  <ListItemText primary={menu.name} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </Section>

      {manage ? <PhotosSection brandId={brand.id} photos={brand.photos} /> : null}
    </Stack>
  );
}
