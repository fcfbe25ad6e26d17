import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LocationResource } from '@comped/shared/schemas/resources';
import { api } from '../../../lib/api-client';

/** GET locations: the brand's locations (a brand without any cannot create a campaign). */
export function getLocations(): Promise<LocationResource[]> {
  return api<{ data: LocationResource[] }>('locations').then((r) => r.data);
}

export const locationsQueryOptions = queryOptions({ queryKey: ['locations'], queryFn: getLocations });

export function useLocations(enabled = true) {
  return useQuery({ ...locationsQueryOptions, enabled });
}
