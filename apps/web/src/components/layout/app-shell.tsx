import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CampaignIcon from '@mui/icons-material/Campaign';
import GavelIcon from '@mui/icons-material/Gavel';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EventIcon from '@mui/icons-material/Event';
import InboxIcon from '@mui/icons-material/Inbox';
import InsightsIcon from '@mui/icons-material/Insights';
import LogoutIcon from '@mui/icons-material/Logout';
import MailIcon from '@mui/icons-material/Mail';
import MenuIcon from '@mui/icons-material/Menu';
import PersonIcon from '@mui/icons-material/Person';
import SettingsIcon from '@mui/icons-material/Settings';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import {
  AppBar,
  Avatar,
  Box,
  Button,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Toolbar,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { COPYRIGHT } from '@comped/shared/limits';
import type { SessionUser } from '@comped/shared/schemas/session';
import { paths } from '../../config/paths';
import { fileUrl } from '../../lib/api-client';
import { focusMainHeading } from '../route-focus';
import { FOCUS_RING_ON_DARK, ROLE_COLORS } from '../../lib/theme';
import { useUser, useSession } from '../../lib/use-session';

const DRAWER_WIDTH = 248;

interface Section {
  label: string;
  to: string;
  icon: ReactNode;
}

/** The sections of the sidebar for a role (spec section 2: Tasks hidden for brands). */
export function sectionsFor(user: SessionUser): Section[] {
  // A temporary or initial password: nothing but the password form until it is changed.
  if (user.must_change_password) return [];
  if (user.profile.type === 'staff') {
    return [
      { label: 'Applications', to: paths.admin, icon: <InboxIcon /> },
      { label: 'Campaign review', to: paths.adminCampaigns, icon: <CampaignIcon /> },
      { label: 'Outbox', to: paths.adminOutbox, icon: <MailIcon /> },
      { label: 'Disputes', to: paths.adminDisputes, icon: <GavelIcon /> },
      { label: 'Analytics', to: paths.adminAnalytics, icon: <InsightsIcon /> },
      { label: 'Settings', to: paths.settings, icon: <SettingsIcon /> },
    ];
  }
  const sections: Section[] = [
    { label: 'Dashboard', to: paths.dashboard, icon: <DashboardIcon /> },
    { label: 'Campaigns', to: paths.campaigns, icon: <CampaignIcon /> },
    { label: 'Bookings', to: paths.bookings, icon: <EventIcon /> },
  ];
  if (user.profile.type !== 'brands') sections.push({ label: 'Tasks', to: paths.tasks, icon: <TaskAltIcon /> });
  if (user.profile.type === 'brands') sections.push({ label: 'Insights', to: paths.insights, icon: <InsightsIcon /> });
  sections.push({ label: 'Profile', to: paths.profile, icon: <PersonIcon /> });
  sections.push({ label: 'Settings', to: paths.settings, icon: <SettingsIcon /> });
  return sections;
}

function Identity({ user }: { user: SessionUser }) {
  const brand = user.profile.type === 'brands' ? user.profile.brands[0] : undefined;
  const name = brand?.name ?? user.name;
  const picture = brand ? brand.logo : user.profile_picture;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 2 }}>
      <Avatar src={fileUrl(picture)} alt={name} sx={{ bgcolor: 'rgba(255,255,255,0.2)' }}>
        {name.charAt(0).toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography noWrap sx={{ fontWeight: 700 }} data-testid="sidebar-name">
          {name}
        </Typography>
        <Typography noWrap variant="body2" sx={{ opacity: 0.8, textTransform: 'capitalize' }}>
          {user.profile.type === 'brands' ? 'Brand' : user.profile.type}
        </Typography>
      </Box>
    </Box>
  );
}

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

export function AppShell() {
  const user = useUser();
  const { signOut } = useSession();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'));
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const color = ROLE_COLORS[user.profile.type] ?? ROLE_COLORS.brands;
  const onCampaigns = location.pathname.replace(/\/$/, '') === paths.campaigns;

  const drawer = (
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
            navigate(paths.login, { replace: true });
          }}
          sx={{ color: '#fff' }}
        >
          Sign out
        </Button>
      </Toolbar>
      <Divider sx={{ borderColor: 'rgba(255,255,255,0.2)' }} />
      <Identity user={user} />
      <List sx={{ flex: 1 }}>
        {sectionsFor(user).map((s) => (
          <ListItem key={s.to} disablePadding>
            <ListItemButton
              component={NavLink}
              to={s.to}
              end={s.to === paths.admin}
              onClick={() => setOpen(false)}
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
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipToContent />
      <Drawer
        variant={desktop ? 'permanent' : 'temporary'}
        open={desktop || open}
        onClose={() => setOpen(false)}
        // On a phone the drawer is a modal dialog: it needs a name (axe aria-dialog-name).
        slotProps={desktop ? undefined : { paper: { 'aria-label': 'Menu' } }}
        sx={{ width: { md: DRAWER_WIDTH }, flexShrink: 0, '& .MuiDrawer-paper': { width: DRAWER_WIDTH, border: 0 } }}
      >
        {drawer}
      </Drawer>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
          <Toolbar sx={{ gap: 1 }}>
            {!desktop && (
              <IconButton aria-label="Open menu" onClick={() => setOpen(true)} edge="start">
                <MenuIcon />
              </IconButton>
            )}
            <IconButton aria-label="Back" onClick={() => navigate(-1)}>
              <ArrowBackIcon />
            </IconButton>
            <Box sx={{ flex: 1 }} />
            {onCampaigns && user.profile.type !== 'staff' && (
              <Button variant="contained" component={NavLink} to={paths.bookings}>
                Pending Requests
              </Button>
            )}
          </Toolbar>
        </AppBar>
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
