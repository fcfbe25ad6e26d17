import { useQuery } from '@tanstack/react-query';

import { conversationKeys } from '../../../api/conversations';
import { apiParse, lazySchema } from '../../../lib/api-client';

const conversationAnswerSchema = lazySchema(
  () => import('@comped/shared/schemas/conversations'),
  (m) => m.conversationAnswerSchema,
);

/** GET conversations/{id}: the thread's header (who, which booking, closed or not). */
export function getConversation(id: number) {
  return apiParse(`conversations/${id}`, conversationAnswerSchema);
}

export function useConversation(id: number) {
  return useQuery({ queryKey: conversationKeys.one(id), queryFn: () => getConversation(id) });
}
