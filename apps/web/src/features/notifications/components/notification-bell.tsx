import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import { Badge } from '@mui/material';
import { useId, useRef, useState } from 'react';

import { RoundIconButton } from '../../../components/round-icon-button';
import { lazyDialog } from '../../../lib/lazy-dialog';
import { useLatestNotifications } from '../api/get-latest-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import type { NotificationPanelProps } from './notification-panel';

// The panel (MUI's Popover) loads after the page's content, or at the first tap on the bell.
const NotificationPanel = lazyDialog<NotificationPanelProps>(() =>
  import('./notification-panel').then((m) => m.NotificationPanel),
);

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
      <NotificationPanel
        open={isOpen}
        anchor={() => button.current!}
        id={id}
        unread={unread}
        items={items}
        pending={latest.isPending}
        onClose={() => setOpen(false)}
        onMarkAll={() => markRead.mutate({ all: true })}
        onOpenItem={(n) => {
          if (!n.read_at) markRead.mutate({ ids: [n.id] });
          setOpen(false);
        }}
      />
    </>
  );
}
