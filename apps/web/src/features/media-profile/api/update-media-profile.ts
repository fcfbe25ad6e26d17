import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MediaProfileResource } from '@comped/shared/schemas/resources';
import type { MediaProfileInput } from '@comped/shared/validation/media-profile';
import { api } from '../../../lib/api-client';
import { mediaProfileKey } from './get-media-profile';

/** PUT influencers/{id}. */
export function updateMediaProfile(id: number, input: Omit<MediaProfileInput, 'type'>): Promise<MediaProfileResource> {
  return api<{ data: MediaProfileResource }>(`influencers/${id}`, { method: 'PUT', body: input }).then((r) => r.data);
}

export function useUpdateMediaProfile(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<MediaProfileInput, 'type'>) => updateMediaProfile(id, input),
    onSuccess: (data) => queryClient.setQueryData(mediaProfileKey(id), data),
  });
}
