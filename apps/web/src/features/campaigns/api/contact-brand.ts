import { useMutation, useQueryClient } from '@tanstack/react-query';

import { conversationKeys } from '../../../api/conversations';
import { apiParse } from '../../../lib/api-client';

/**
 * POST influencers/{id}/contactbrand {message, brand_id}: journalists only. The answer names the
 * conversation the message now lives in (issue 26).
 */
export function contactBrand(userId: number, input: { message: string; brand_id: number }) {
  return apiParse(`influencers/${userId}/contactbrand`, 'contactBrandSent', {
    method: 'POST',
    body: input,
  });
}

export function useContactBrand(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { message: string; brand_id: number }) => contactBrand(userId, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: conversationKeys.all }),
  });
}
