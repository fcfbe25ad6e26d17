import { useMutation, useQueryClient } from '@tanstack/react-query';

import { conversationKeys } from '../../../api/conversations';
import { notificationKeys } from '../../../api/notifications';
import { apiParse } from '../../../lib/api-client';

/** POST conversations/{id}/read (204). */
export function markConversationRead(id: number) {
  return apiParse(`conversations/${id}/read`, 'noContent', { method: 'POST' });
}

export function useMarkConversationRead(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => markConversationRead(id),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: conversationKeys.inbox() });
      void qc.invalidateQueries({ queryKey: conversationKeys.unread() });
      void qc.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}
