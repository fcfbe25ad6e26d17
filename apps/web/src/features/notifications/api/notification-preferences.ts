import type { NotificationPreferencesInput } from '@comped/shared/validation/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { notificationKeys } from '../../../api/notifications';
import { apiParse } from '../../../lib/api-client';

/** GET notification-preferences: which kinds also mail; `required` ones always do. */
export function getNotificationPreferences() {
  return apiParse('notification-preferences', 'notificationPreferences');
}

export function useNotificationPreferences() {
  return useQuery({ queryKey: notificationKeys.preferences(), queryFn: getNotificationPreferences });
}

/** PUT notification-preferences {"mail": {"TYPE": true|false}}. */
export function updateNotificationPreferences(input: NotificationPreferencesInput) {
  return apiParse('notification-preferences', 'notificationPreferences', { method: 'PUT', body: input });
}

export function useUpdateNotificationPreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (saved) => qc.setQueryData(notificationKeys.preferences(), saved),
  });
}
