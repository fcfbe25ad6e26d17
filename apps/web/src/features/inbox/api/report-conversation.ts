import { useMutation } from '@tanstack/react-query';

import { apiParse } from '../../../lib/api-client';

/** POST conversations/{id}/report {reason} (204). */
export function reportConversation(id: number, reason: string) {
  return apiParse(`conversations/${id}/report`, 'noContent', { method: 'POST', body: { reason } });
}

export function useReportConversation(id: number) {
  return useMutation({ mutationFn: (reason: string) => reportConversation(id, reason) });
}
