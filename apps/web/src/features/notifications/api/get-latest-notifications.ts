import { NOTIFICATION_RULES } from '@comped/shared/notification-kinds';
import { useQuery } from '@tanstack/react-query';

import { getNotificationsPage, notificationKeys } from '../../../api/notifications';

/** The bell: GET notifications, the latest ten, and `meta.unread`. */
export function useLatestNotifications() {
  return useQuery({
    queryKey: notificationKeys.latest(),
    queryFn: () => getNotificationsPage(1, NOTIFICATION_RULES.bellSize),
  });
}
