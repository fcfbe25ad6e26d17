import type { MarkNotificationsReadInput } from '@comped/shared/validation/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { notificationKeys } from '../../../api/notifications';
import { apiParse } from '../../../lib/api-client';

/** POST notifications/read {"ids": [...]} or {"all": true} (204). */
export function markNotificationsRead(which: MarkNotificationsReadInput) {
  return apiParse('notifications/read', 'noContent', { method: 'POST', body: which });
}

export function useMarkNotificationsRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSettled: () => qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
