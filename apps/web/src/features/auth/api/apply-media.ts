import { useMutation } from '@tanstack/react-query';
import type { MediaApplicationInput } from '@comped/shared/validation/auth';
import { api } from '../../../lib/api-client';
import { withoutEmptyFields } from '../lib/form-helpers';

/** POST influencers: the media application (reviewed by the team before credentials are sent). */
export function applyAsMedia(body: MediaApplicationInput): Promise<{ data: { id: number; status: 'pending' } }> {
  return api('influencers', { method: 'POST', body: withoutEmptyFields(body) });
}

export function useApplyAsMedia() {
  return useMutation({ mutationFn: applyAsMedia });
}
