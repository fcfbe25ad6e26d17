import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST influencers/{id}/contactbrand {message, brand_id}: journalists only. */
export function contactBrand(userId: number, input: { message: string; brand_id: number }): Promise<unknown> {
  return api(`influencers/${userId}/contactbrand`, { method: 'POST', body: input });
}

export function useContactBrand(userId: number) {
  return useMutation({ mutationFn: (input: { message: string; brand_id: number }) => contactBrand(userId, input) });
}
