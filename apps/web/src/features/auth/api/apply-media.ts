import type { MediaApplicationReceipt } from '@comped/shared/schemas/admin';
import type { MediaApplicationInput } from '@comped/shared/validation/auth';
import { useMutation } from '@tanstack/react-query';

import { apiParse } from '../../../lib/api-client';
import { withoutEmptyFields } from '../lib/form-helpers';

/** POST influencers: the media application (reviewed by the team before credentials are sent). */
export async function applyAsMedia(body: MediaApplicationInput): Promise<{ data: MediaApplicationReceipt }> {
  return apiParse('influencers', 'applicationReceipt', {
    method: 'POST',
    body: withoutEmptyFields(body),
  });
}

export function useApplyAsMedia() {
  return useMutation({ mutationFn: applyAsMedia });
}
