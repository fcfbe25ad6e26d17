import { COPYRIGHT } from '@comped/shared/limits';
import type { SessionUser } from '@comped/shared/schemas/session';
import LogoutIcon from '@mui/icons-material/Logout';
import {
  Box,
  Button,
  Divider,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Toolbar,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useEffect } from 'react';
import { NavLink, useNavigate } from 'react-router';

import { useUnreadTotal } from '../../api/conversations';
import { paths } from '../../config/paths';
import { lazyWithPreload } from '../../lib/lazy-with-preload';
import { FOCUS_RING_ON_DARK } from '../../lib/theme';
import { useSession } from '../../lib/use-session';
import { sectionsFor } from './nav-sections';
import { SidebarIdentity } from './sidebar-identity';
import { DRAWER_WIDTH, useSidebarBesidePageQuery } from './sidebar-layout';

// The phone's drawer is MUI's Drawer, a Modal: its code (the `mui-later` chunk) loads with it, not
// on a wide screen, where the sidebar is a plain fixed panel.
const ModalNavDrawer = lazyWithPreload(() => import('./modal-nav-drawer').then((m) => m.ModalNavDrawer));

/**
 * Loads the parts the sidebar renders on this screen: on a phone the modal drawer's code. The shell
 * waits for it before it first renders the sidebar (app-shell.tsx), so that the sidebar renders
 * once, in one go, without suspending.
 */
export function preloadNavDrawerParts(phone: boolean): Promise<unknown> {
  return phone ? ModalNavDrawer.preload() : Promise.resolve();
}

interface NavDrawerProps {
  user: SessionUser;
  /** The role's colour (lib/theme.ts ROLE_COLORS). */
  color: string | undefined;
  /** The phone's drawer (a modal dialog) is open. */
  open: boolean;
  onClose: () => void;
}

/**
 * The sidebar: a fixed panel beside the page from the `md` breakpoint, a modal drawer behind "Open
 * menu" below it (only the one the screen's width asks for). The shell loads this
 * module beside the page on a wide screen and later on a phone (use-sidebar-wanted.ts): the drawer,
 * its modal and list parts are not part of what a page needs to show its content
 * (docs/performance.md, "The first card").
 */
export function NavDrawer({ user, color, open, onClose }: NavDrawerProps) {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const wide = useSidebarBesidePageQuery();
  // Only the drawer the screen shows is rendered: a phone would otherwise build the permanent one's
  // list, hidden, in a long task at phone speed. Read at once (noSsr), so that a wide screen's first
  // render is already the permanent drawer (no shift).
  const besidePage = useMediaQuery(wide, { noSsr: true });
  // A tablet turned to landscape with the menu open: the permanent drawer replaces the modal one, and
  // the menu closes, so that turning back does not reopen it.
  useEffect(() => {
    if (!open || typeof matchMedia !== 'function') return;
    const media = matchMedia(wide);
    const onChange = () => media.matches && onClose();
    media.addEventListener('change', onChange);
    // The screen may have widened between the menu's opening and this effect (a busy phone): no
    // 'change' event comes for that, and the hidden modal would keep the page inert.
    onChange();
    return () => media.removeEventListener('change', onChange);
  }, [open, onClose, wide]);
  const sections = sectionsFor(user);
  // The Inbox's unread messages (issue 26), kept current by the live events (lib/use-live-events.ts).
  const unread = useUnreadTotal(sections.some((s) => s.count === 'unread')).data ?? 0;
  const paper = { width: DRAWER_WIDTH, border: 0 };
  const nav = (
    <Box
      component="nav"
      aria-label="Main"
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: color,
        color: '#fff',
        '--focus-ring': FOCUS_RING_ON_DARK,
      }}
    >
      <Toolbar sx={{ justifyContent: 'space-between' }}>
        <Typography variant="h6" component="p" sx={{ fontWeight: 800, letterSpacing: 0.5 }}>
          Comped
        </Typography>
        {/* Words, not an icon with a tooltip: clear on a phone, and no Popper code on every signed-in page. */}
        <Button
          size="small"
          startIcon={<LogoutIcon />}
          onClick={() => {
            signOut();
            navigate(paths.login.getHref(), { replace: true });
          }}
          sx={{ color: '#fff' }}
        >
          Sign out
        </Button>
      </Toolbar>
      <Divider sx={{ borderColor: 'rgba(255,255,255,0.2)' }} />
      <SidebarIdentity user={user} />
      <List sx={{ flex: 1 }}>
        {sections.map((s) => (
          <ListItem key={s.to} disablePadding>
            <ListItemButton
              component={NavLink}
              to={s.to}
              // Only the deepest entry of a path is marked (Team at /profile/team, not Profile too).
              end={sections.some((o) => o.to !== s.to && o.to.startsWith(`${s.to}/`))}
              onClick={onClose}
              sx={{
                mx: 1,
                borderRadius: 2,
                color: '#fff',
                '&.active': { bgcolor: 'rgba(255,255,255,0.18)' },
                '&:hover': { bgcolor: 'rgba(255,255,255,0.12)' },
              }}
            >
              <ListItemIcon sx={{ color: '#fff', minWidth: 40 }}>{s.icon}</ListItemIcon>
              <ListItemText primary={s.label} />
              {s.count === 'unread' && unread > 0 ? (
                <Box
                  component="span"
                  sx={{
                    minWidth: 24,
                    height: 24,
                    px: 0.75,
                    borderRadius: 12,
                    bgcolor: '#fff',
                    color: color,
                    fontSize: 13,
                    fontWeight: 700,
                    display: 'inline-grid',
                    placeItems: 'center',
                  }}
                >
                  <span aria-hidden>{unread > 99 ? '99+' : unread}</span>
                  <Box component="span" sx={visuallyHidden}>
                    {unread === 1 ? '(1 unread message)' : `(${unread} unread messages)`}
                  </Box>
                </Box>
              ) : null}
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      <Typography variant="body2" component="footer" sx={{ p: 2, opacity: 0.85 }}>
        {COPYRIGHT}
      </Typography>
    </Box>
  );
  return (
    <Box sx={{ width: { md: DRAWER_WIDTH }, flexShrink: 0 }}>
      {besidePage ? (
        // What MUI's permanent Drawer draws (a fixed panel the height of the screen), without its Modal.
        <Box
          sx={{
            ...paper,
            position: 'fixed',
            top: 0,
            left: 0,
            height: '100%',
            overflowY: 'auto',
            display: 'flex',
            flexDirection: 'column',
            zIndex: 'drawer',
            outline: 0,
          }}
        >
          {nav}
        </Box>
      ) : (
        // Suspends to the shell's fallback (app-shell.tsx): "Opening the menu" when it was tapped.
        <ModalNavDrawer open={open} onClose={onClose} paper={paper}>
          {nav}
        </ModalNavDrawer>
      )}
    </Box>
  );
}
