import { apiParse } from '../lib/api-client';

/** The one query-key factory of notifications (the bell, the live events that refresh it). */
export const notificationKeys = {
  all: ['notifications'] as const,
  /** The bell: the latest ten and the unread count. */
  latest: () => [...notificationKeys.all, 'latest'] as const,
  preferences: () => [...notificationKeys.all, 'preferences'] as const,
};

/** GET notifications: one page, newest first; `meta.unread` counts every unread one. */
export function getNotificationsPage(page: number, size: number, unreadOnly = false) {
  return apiParse('notifications', 'notificationPage', {
    query: { 'page[number]': page, 'page[size]': size, 'filter[unread]': unreadOnly ? 1 : undefined },
  });
}
