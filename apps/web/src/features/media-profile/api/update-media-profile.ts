import type { MediaProfileResource } from '@comped/shared/schemas/resources';
import type { MediaProfileInput } from '@comped/shared/validation/media-profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiParse } from '../../../lib/api-client';
import { mediaProfileKeys } from './get-media-profile';

/** PUT influencers/{id}. */
export async function updateMediaProfile(
  id: number,
  input: Omit<MediaProfileInput, 'type'>,
): Promise<MediaProfileResource> {
  return (await apiParse(`influencers/${id}`, 'mediaProfile', { method: 'PUT', body: input })).data;
}

export function useUpdateMediaProfile(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<MediaProfileInput, 'type'>) => updateMediaProfile(id, input),
    onSuccess: (data) => queryClient.setQueryData(mediaProfileKeys.detail(id), data),
  });
}
