import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MediaProfileResource } from '@comped/shared/schemas/resources';
import { api } from '../../../lib/api-client';

/** GET influencers/{id}: the full profile for the user, the public one for a brand they booked. */
export function getMediaProfile(id: number): Promise<MediaProfileResource> {
  return api<{ data: MediaProfileResource }>(`influencers/${id}`).then((r) => r.data);
}

export const mediaProfileKey = (id: number) => ['media-profile', id] as const;

export function mediaProfileQueryOptions(id: number) {
  return queryOptions({ queryKey: mediaProfileKey(id), queryFn: () => getMediaProfile(id) });
}

export function useMediaProfile(id: number) {
  return useQuery({ ...mediaProfileQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
