import LogoutIcon from '@mui/icons-material/Logout';
import {
  Avatar,
  Box,
  Button,
  Divider,
  Drawer,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Toolbar,
  Typography,
} from '@mui/material';
import { NavLink, useNavigate } from 'react-router';
import { COPYRIGHT } from '@comped/shared/limits';
import type { SessionUser } from '@comped/shared/schemas/session';
import { paths } from '../../config/paths';
import { fileUrl } from '../../lib/api-client';
import { FOCUS_RING_ON_DARK } from '../../lib/theme';
import { useSession } from '../../lib/use-session';
import { DRAWER_WIDTH } from './drawer-width';
import { sectionsFor } from './nav-sections';

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

interface NavDrawerProps {
  user: SessionUser;
  /** The role's colour (lib/theme.ts ROLE_COLORS). */
  color: string | undefined;
  /** The phone's drawer (a modal dialog) is open. */
  open: boolean;
  onClose: () => void;
}

/**
 * The sidebar: permanent beside the page from the `md` breakpoint, a modal drawer behind "Open menu"
 * below it (MUI's responsive drawer, chosen by CSS, so no media query has to run first). The shell
 * loads this module after its first paint (app-shell.tsx): the drawer, its modal and list parts are
 * not part of what a page needs to show its content (docs/performance.md, Web).
 */
export function NavDrawer({ user, color, open, onClose }: NavDrawerProps) {
  const { signOut } = useSession();
  const navigate = useNavigate();
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
      <Drawer
        variant="temporary"
        open={open}
        onClose={onClose}
        // A modal dialog: it needs a name (axe aria-dialog-name).
        slotProps={{ paper: { 'aria-label': 'Menu', sx: paper } }}
        sx={{ display: { xs: 'block', md: 'none' } }}
      >
        {nav}
      </Drawer>
      <Drawer
        variant="permanent"
        open
        slotProps={{ paper: { sx: paper } }}
        sx={{ display: { xs: 'none', md: 'block' } }}
      >
        {nav}
      </Drawer>
    </Box>
  );
}
