import { useQuery } from '@tanstack/react-query';

import { conversationKeys } from '../../../api/conversations';
import { apiParse } from '../../../lib/api-client';

/** GET conversations/{id}: the thread's header (who, which booking, closed or not). */
export function getConversation(id: number) {
  return apiParse(`conversations/${id}`, 'conversation');
}

export function useConversation(id: number) {
  return useQuery({ queryKey: conversationKeys.one(id), queryFn: () => getConversation(id) });
}
