import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import MenuIcon from '@mui/icons-material/Menu';
import { Box, Button, Toolbar } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useIsFetching } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { ROLE_COLORS } from '../../lib/theme';
import { useUser } from '../../lib/use-session';
import { RoundIconButton } from '../round-icon-button';
import { focusMainHeading } from '../route-focus';
import { DRAWER_WIDTH } from './drawer-width';

/** A phone loads the sidebar's code this long after the page's reads are in (or when the menu opens). */
const PHONE_SIDEBAR_DELAY_MS = 2000;
/** ... and this long after the page opened at the latest, should its reads keep retrying. */
const PHONE_SIDEBAR_LATEST_MS = 6000;

const NavDrawer = lazy(() => import('./nav-drawer').then((m) => ({ default: m.NavDrawer })));

/** First in the tab order: jumps past the sidebar to the page's heading (WCAG 2.4.1). */
function SkipToContent() {
  return (
    <Box
      component="a"
      href="#main-content"
      onClick={(e: React.MouseEvent) => {
        e.preventDefault();
        if (!focusMainHeading()) document.getElementById('main-content')?.focus();
      }}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: (t) => t.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'primary.dark',
        fontWeight: 700,
        boxShadow: 3,
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      Skip to content
    </Box>
  );
}

/**
 * The sidebar's room on a wide screen, in the role's colour, until its code has loaded (a moment
 * after the first paint): the page beside it does not move when the sidebar arrives.
 */
function SidebarRoom({ color }: { color: string | undefined }) {
  return (
    <Box
      aria-hidden
      sx={{ display: { xs: 'none', md: 'block' }, width: DRAWER_WIDTH, flexShrink: 0, bgcolor: color }}
    />
  );
}

/**
 * Whether the sidebar's code should load now. A wide screen shows the sidebar beside the page: at
 * once. On a phone it hides behind "Open menu": its code (with the `mui` chunk) waits until the page's
 * reads are in and a moment has passed, so it does not compete with the page's content for a phone's
 * bandwidth (the first card of /campaigns and its photo; docs/performance.md, Web). Opening the menu
 * first loads it at once.
 */
function useSidebarWanted(): boolean {
  const query = useTheme()
    .breakpoints.up('md')
    .replace(/^@media\s*/, '');
  const [wanted, setWanted] = useState(() => typeof matchMedia === 'function' && matchMedia(query).matches);
  const fetching = useIsFetching();
  useEffect(() => {
    if (wanted || fetching > 0) return;
    const id = setTimeout(() => setWanted(true), PHONE_SIDEBAR_DELAY_MS);
    return () => clearTimeout(id);
  }, [wanted, fetching]);
  useEffect(() => {
    if (wanted) return;
    const id = setTimeout(() => setWanted(true), PHONE_SIDEBAR_LATEST_MS);
    // A phone turned or a window widened past the breakpoint shows the sidebar: load it then.
    const media = typeof matchMedia === 'function' ? matchMedia(query) : undefined;
    const onChange = () => media?.matches && setWanted(true);
    media?.addEventListener('change', onChange);
    return () => {
      clearTimeout(id);
      media?.removeEventListener('change', onChange);
    };
  }, [wanted, query]);
  return wanted;
}

/**
 * The signed-in frame: an app bar and the page paint first; the sidebar (nav-drawer.tsx, with MUI's
 * Drawer, Modal and List) loads beside the page on a wide screen, later on a phone (useSidebarWanted). None of the shared `mui` chunk is needed to show a page's content (docs/performance.md, Web).
 */
export function AppShell() {
  const user = useUser();
  const [open, setOpen] = useState(false);
  const sidebarWanted = useSidebarWanted();
  const location = useLocation();
  const navigate = useNavigate();
  const color = ROLE_COLORS[user.profile.type] ?? ROLE_COLORS.brands;
  const onCampaigns = location.pathname.replace(/\/$/, '') === paths.campaigns;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipToContent />
      <Suspense fallback={<SidebarRoom color={color} />}>
        {sidebarWanted || open ? (
          <NavDrawer user={user} color={color} open={open} onClose={() => setOpen(false)} />
        ) : (
          <SidebarRoom color={color} />
        )}
      </Suspense>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {/* MUI's AppBar (color="inherit", elevation 0) as a plain header: AppBar is Paper, in the `mui` chunk. */}
        <Box
          component="header"
          sx={{
            position: 'sticky',
            top: 0,
            zIndex: 'appBar',
            display: 'flex',
            flexDirection: 'column',
            bgcolor: 'background.paper',
            color: 'text.primary',
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Toolbar sx={{ gap: 1 }}>
            <RoundIconButton
              aria-label="Open menu"
              onClick={() => setOpen(true)}
              edge="start"
              sx={{ display: { md: 'none' } }}
            >
              <MenuIcon />
            </RoundIconButton>
            <RoundIconButton aria-label="Back" onClick={() => navigate(-1)}>
              <ArrowBackIcon />
            </RoundIconButton>
            <Box sx={{ flex: 1 }} />
            {onCampaigns && user.profile.type !== 'staff' && (
              <Button variant="contained" component={NavLink} to={paths.bookings}>
                Pending Requests
              </Button>
            )}
          </Toolbar>
        </Box>
        <Box
          component="main"
          id="main-content"
          tabIndex={-1}
          sx={{ outline: 'none', flex: 1, p: { xs: 2, md: 4 }, maxWidth: 1200, width: '100%', mx: 'auto' }}
        >
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
