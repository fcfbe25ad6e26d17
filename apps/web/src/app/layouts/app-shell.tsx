import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import MenuIcon from '@mui/icons-material/Menu';
import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import { Box, Button, CircularProgress, Toolbar } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { memo, Suspense, useCallback, useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';

import { DRAWER_WIDTH, useSidebarBesidePageQuery } from '../../components/layout/sidebar-layout';
import { SkipToContent } from '../../components/layout/skip-to-content';
import { useSidebarWanted } from '../../components/layout/use-sidebar-wanted';
import { OfflineNotice } from '../../components/offline-notice';
import { RoundIconButton } from '../../components/round-icon-button';
import { paths } from '../../config/paths';
import { InTurn } from '../../lib/in-turn';
import { lazyWithPreload } from '../../lib/lazy-with-preload';
import { ROLE_COLORS } from '../../lib/theme';
import { useLiveEvents } from '../../lib/use-live-events';
import { useUser } from '../../lib/use-session';

const loadNavDrawerModule = () => import('../../components/layout/nav-drawer');
const NavDrawer = lazyWithPreload(() => loadNavDrawerModule().then((m) => m.NavDrawer));
const NotificationBell = lazyWithPreload(() =>
  import('../../features/notifications/components/notification-bell').then((m) => m.NotificationBell),
);

/**
 * Whether the sidebar's and the bell's code is in, once it is wanted (use-sidebar-wanted.ts): on a
 * phone with the modal drawer's too. They first render then, each in one go: rendered before, they
 * would suspend, and their Suspense boundaries would draw the placeholders again and then the parts.
 */
function useShellPartsIn(wanted: boolean): boolean {
  const [partsIn, setPartsIn] = useState(false);
  const besidePage = useSidebarBesidePageQuery();
  useEffect(() => {
    if (!wanted || partsIn) return undefined;
    let live = true;
    const phone = typeof matchMedia === 'function' && !matchMedia(besidePage).matches;
    // A part that failed to come renders lazily all the same, and its error shows as before.
    void Promise.allSettled([
      NavDrawer.preload(),
      loadNavDrawerModule().then((m) => m.preloadNavDrawerParts(phone)),
      NotificationBell.preload(),
    ]).then(() => live && setPartsIn(true));
    return () => {
      live = false;
    };
  }, [wanted, partsIn, besidePage]);
  return partsIn;
}

/** The top bar's own buttons, drawn again only when what they show changes (not when the bell or sidebar arrive). */
const MenuButton = memo(function MenuButton({ onOpen }: { onOpen: () => void }) {
  return (
    <RoundIconButton aria-label="Open menu" onClick={onOpen} edge="start" sx={{ display: { md: 'none' } }}>
      <MenuIcon />
    </RoundIconButton>
  );
});

const BackButton = memo(function BackButton() {
  const navigate = useNavigate();
  return (
    <RoundIconButton aria-label="Back" onClick={() => navigate(-1)}>
      <ArrowBackIcon />
    </RoundIconButton>
  );
});

const PendingRequestsButton = memo(function PendingRequestsButton() {
  return (
    <Button variant="contained" component={NavLink} to={paths.bookings.getHref()}>
      Pending Requests
    </Button>
  );
});

/**
 * The bell before its code (with MUI's Badge; its panel comes later) is in: the same button, without the count.
 * Tapping it loads the bell, which opens at once.
 */
function BellPlaceholder({ onClick }: { onClick: () => void }) {
  return (
    <RoundIconButton aria-label="Notifications" onClick={onClick}>
      <NotificationsIcon />
    </RoundIconButton>
  );
}

/**
 * The sidebar's room on a wide screen, in the role's colour, while its code downloads: the page
 * beside it does not move when the sidebar arrives.
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
 * "Open menu" tapped on a phone before the sidebar's code is in: the drawer's panel at once, with a
 * spinner, until the drawer itself replaces it.
 */
function MenuOpening({ color }: { color: string | undefined }) {
  return (
    <Box sx={{ display: { md: 'none' }, position: 'fixed', inset: 0, zIndex: 'drawer', bgcolor: 'rgba(0, 0, 0, 0.5)' }}>
      <Box
        role="status"
        sx={{ width: DRAWER_WIDTH, height: '100%', bgcolor: color, display: 'grid', placeItems: 'center' }}
      >
        <CircularProgress aria-hidden sx={{ color: '#fff' }} />
        <Box component="span" sx={visuallyHidden}>
          Opening the menu
        </Box>
      </Box>
    </Box>
  );
}

/**
 * The page's area. A component that takes nothing, so the sidebar's, the bell's and the menu's
 * changes redraw the frame and not the page; the page follows the route through the router's context.
 * At the first load the page renders in a task of its own after the frame (lib/in-turn.tsx): the
 * frame and the page were one long task, and each page cuts its lists the same way.
 */
const PageArea = memo(function PageArea() {
  return (
    <Box
      component="main"
      id="main-content"
      tabIndex={-1}
      sx={{ outline: 'none', flex: 1, p: { xs: 2, md: 4 }, maxWidth: 1200, width: '100%', mx: 'auto' }}
    >
      <InTurn>
        <Outlet />
      </InTurn>
    </Box>
  );
});

/**
 * The signed-in frame: a top bar and the page. The sidebar (nav-drawer.tsx, with MUI's Drawer, Modal
 * and List) is its own chunk, loaded beside the page on a wide screen and later on a phone
 * (use-sidebar-wanted.ts): no page needs the shared `mui` chunk to show its content because of the
 * frame (docs/performance.md, "The first card").
 */
export function AppShell() {
  const user = useUser();
  const [open, setOpen] = useState(false);
  const partsIn = useShellPartsIn(useSidebarWanted());
  // The bell and the live events wait as the sidebar does (on a phone, until the page's content is in).
  const [bellTapped, setBellTapped] = useState(false);
  const signedInFully = !user.must_change_password;
  useLiveEvents(user.id, signedInFully && (partsIn || bellTapped));
  const location = useLocation();
  const openMenu = useCallback(() => setOpen(true), []);
  const closeMenu = useCallback(() => setOpen(false), []);
  const color = ROLE_COLORS[user.profile.type] ?? ROLE_COLORS.brands;
  const onCampaigns = location.pathname.replace(/\/$/, '') === paths.campaigns.getHref();

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipToContent />
      <Suspense fallback={open ? <MenuOpening color={color} /> : <SidebarRoom color={color} />}>
        {partsIn || open ? (
          <NavDrawer user={user} color={color} open={open} onClose={closeMenu} />
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
            <MenuButton onOpen={openMenu} />
            <BackButton />
            <Box sx={{ flex: 1 }} />
            {onCampaigns && user.profile.type !== 'staff' && <PendingRequestsButton />}
            {signedInFully &&
              (partsIn || bellTapped ? (
                // A tap while the bell's code is on its way opens it once it is in.
                <Suspense fallback={<BellPlaceholder onClick={() => setBellTapped(true)} />}>
                  <NotificationBell openAtStart={bellTapped} />
                </Suspense>
              ) : (
                <BellPlaceholder onClick={() => setBellTapped(true)} />
              ))}
          </Toolbar>
          <OfflineNotice media={user.profile.type === 'influencer' || user.profile.type === 'journalist'} />
        </Box>
        <PageArea />
      </Box>
    </Box>
  );
}
