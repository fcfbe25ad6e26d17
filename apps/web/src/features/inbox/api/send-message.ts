import type { MessagePage } from '@comped/shared/schemas/conversations';
import type { InfiniteData } from '@tanstack/react-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { conversationKeys } from '../../../api/conversations';
import { apiParse } from '../../../lib/api-client';

/** POST conversations/{id}/messages {body}. */
export function sendMessage(id: number, body: string) {
  return apiParse(`conversations/${id}/messages`, 'message', { method: 'POST', body: { body } });
}

/** Sends, then shows the message in the thread at once (the live event may arrive before or after). */
export function useSendMessage(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => sendMessage(id, body),
    onSuccess: ({ data: message }) => {
      qc.setQueryData<InfiniteData<MessagePage, number | undefined>>(conversationKeys.messages(id), (old) => {
        const newest = old?.pages[0];
        if (!old || !newest || newest.data.some((m) => m.id === message.id)) return old;
        const pages = [...old.pages];
        pages[0] = { ...newest, data: [...newest.data, message] };
        return { ...old, pages };
      });
      void qc.invalidateQueries({ queryKey: conversationKeys.inbox() });
    },
  });
}
