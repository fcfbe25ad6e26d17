import { NOTIFICATION_TEXT } from '@comped/shared/notification-kinds';
import type { NotificationResource } from '@comped/shared/schemas/notifications';
import { clockTime, monthDay } from '@comped/shared/time';
import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import { Badge, Box, Button, List, ListItemButton, ListItemText, Popover, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useId, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';

import { RoundIconButton } from '../../../components/round-icon-button';
import { useLatestNotifications } from '../api/get-latest-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';

function when(iso: string): string {
  const d = new Date(iso);
  return d.toDateString() === new Date().toDateString() ? clockTime(d) : monthDay(d);
}

/** The label of the bell: what a screen reader hears, the count included. */
export function bellLabel(unread: number): string {
  if (unread === 0) return 'Notifications';
  if (unread > 99) return 'Notifications, 99+ unread';
  return unread === 1 ? 'Notifications, 1 unread' : `Notifications, ${unread} unread`;
}

/**
 * The bell in the top bar (issue 26): the unread count, and the latest ten in a panel, each a link
 * to its page that marks it read; "Mark all as read". Kept current by the live events.
 * `openAtStart`: the user tapped the bell before this code had loaded.
 */
export function NotificationBell({ openAtStart = false }: { openAtStart?: boolean }) {
  const id = useId();
  const button = useRef<HTMLButtonElement | null>(null);
  const [isOpen, setOpen] = useState(openAtStart);
  const latest = useLatestNotifications();
  const markRead = useMarkNotificationsRead();
  const unread = latest.data?.meta.unread ?? 0;
  const items = latest.data?.data ?? [];
  return (
    <>
      <RoundIconButton
        ref={button}
        aria-label={bellLabel(unread)}
        aria-haspopup="dialog"
        aria-expanded={isOpen ? 'true' : 'false'}
        aria-controls={isOpen ? `${id}-panel` : undefined}
        onClick={() => setOpen(true)}
      >
        {/* The count is in the button's name too (axe: the visible text is part of the name). */}
        {unread > 0 ? (
          <Badge badgeContent={unread} color="error" max={99}>
            <NotificationsIcon />
          </Badge>
        ) : (
          <NotificationsIcon />
        )}
      </RoundIconButton>
      <Popover
        open={isOpen}
        anchorEl={() => button.current!}
        onClose={() => setOpen(false)}
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
            <Button size="small" onClick={() => markRead.mutate({ all: true })}>
              Mark all as read
            </Button>
          ) : null}
        </Box>
        <LatestNotifications
          items={items}
          pending={latest.isPending}
          onOpen={(n) => {
            if (!n.read_at) markRead.mutate({ ids: [n.id] });
            setOpen(false);
          }}
        />
      </Popover>
    </>
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
