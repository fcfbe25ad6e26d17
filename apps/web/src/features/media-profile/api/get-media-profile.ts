import type { MediaProfileResource } from '@comped/shared/schemas/resources';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiParse } from '../../../lib/api-client';

/** GET influencers/{id}: the full profile for the user, the public one for a brand they booked. */
export async function getMediaProfile(id: number): Promise<MediaProfileResource> {
  return (await apiParse(`influencers/${id}`, 'mediaProfile')).data;
}

export const mediaProfileKeys = {
  all: ['media-profile'] as const,
  detail: (id: number) => [...mediaProfileKeys.all, id] as const,
};

export function mediaProfileQueryOptions(id: number) {
  return queryOptions({ queryKey: mediaProfileKeys.detail(id), queryFn: () => getMediaProfile(id) });
}

/** `enabled: false` when the caller knows the answer would be a refusal (nothing is asked then). */
export function useMediaProfile(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...mediaProfileQueryOptions(id), enabled: enabled && Number.isInteger(id) && id > 0 });
}
