import { dataOf } from '@comped/shared/schemas/envelopes';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';

import { apiParse } from '../../../lib/api-client';

/**
 * `POST influencers/{id}/contactbrand` answers `{data: {sent: true}}`. Local schema: packages/shared
 * has none for this answer yet.
 */
const contactBrandAnswerSchema = dataOf(z.object({ sent: z.literal(true) }));

/** POST influencers/{id}/contactbrand {message, brand_id}: journalists only. */
export function contactBrand(userId: number, input: { message: string; brand_id: number }) {
  return apiParse(`influencers/${userId}/contactbrand`, contactBrandAnswerSchema, { method: 'POST', body: input });
}

export function useContactBrand(userId: number) {
  return useMutation({ mutationFn: (input: { message: string; brand_id: number }) => contactBrand(userId, input) });
}
