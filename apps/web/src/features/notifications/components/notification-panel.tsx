import { NOTIFICATION_TEXT } from '@comped/shared/notification-kinds';
import type { NotificationResource } from '@comped/shared/schemas/notifications';
import { clockTime, monthDay } from '@comped/shared/time';
import { Box, Button, List, ListItemButton, ListItemText, Popover, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { Link as RouterLink } from 'react-router';

function when(iso: string): string {
  const d = new Date(iso);
  return d.toDateString() === new Date().toDateString() ? clockTime(d) : monthDay(d);
}

export interface NotificationPanelProps {
  open: boolean;
  /** The bell: the panel opens under it. */
  anchor: () => HTMLElement;
  /** The bell's id: the panel's and its title's ids derive from it. */
  id: string;
  unread: number;
  items: NotificationResource[];
  pending: boolean;
  onClose: () => void;
  onMarkAll: () => void;
  onOpenItem: (n: NotificationResource) => void;
}

/**
 * The bell's panel (notification-bell.tsx): the latest ten, each a link to its page, and "Mark all
 * as read". MUI's Popover, so its own chunk, loaded after the page's content.
 */
export function NotificationPanel({
  open,
  anchor,
  id,
  unread,
  items,
  pending,
  onClose,
  onMarkAll,
  onOpenItem,
}: NotificationPanelProps) {
  return (
    <Popover
      open={open}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          id: `${id}-panel`,
          role: 'dialog',
          'aria-labelledby': `${id}-title`,
          sx: { width: 360, maxWidth: 'calc(100vw - 16px)', maxHeight: '70vh' },
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, pt: 1.5, pb: 1 }}>
        <Typography id={`${id}-title`} variant="subtitle1" component="h2" sx={{ flex: 1, fontWeight: 700 }}>
          Notifications
        </Typography>
        {unread > 0 ? (
          <Button size="small" onClick={onMarkAll}>
            Mark all as read
          </Button>
        ) : null}
      </Box>
      <LatestNotifications items={items} pending={pending} onOpen={onOpenItem} />
    </Popover>
  );
}

/**
 * The panel's list, rendered only while the panel is open: the bell's own render (every signed-in
 * page, whenever the count changes) builds no row.
 */
function LatestNotifications({
  items,
  pending,
  onOpen,
}: {
  items: NotificationResource[];
  pending: boolean;
  onOpen: (n: NotificationResource) => void;
}) {
  return items.length === 0 ? (
    <Typography sx={{ px: 2, pb: 2, color: 'text.secondary' }}>
      {pending ? 'Loading notifications' : NOTIFICATION_TEXT.empty}
    </Typography>
  ) : (
    <List dense aria-label="Latest notifications" sx={{ pt: 0 }}>
      {items.map((n) => (
        <li key={n.id}>
          <ListItemButton
            component={RouterLink}
            to={n.link}
            onClick={() => onOpen(n)}
            sx={{ alignItems: 'flex-start', bgcolor: n.read_at ? undefined : 'action.hover' }}
          >
            <ListItemText
              primary={
                <>
                  {n.read_at ? null : (
                    <Box component="span" sx={visuallyHidden}>
                      Unread:{' '}
                    </Box>
                  )}
                  {n.title}
                </>
              }
              secondary={`${n.body} · ${when(n.created_at)}`}
              slotProps={{
                primary: { sx: { fontWeight: n.read_at ? 500 : 700 } },
                secondary: { sx: { overflowWrap: 'anywhere' } },
              }}
            />
          </ListItemButton>
        </li>
      ))}
    </List>
  );
}
