import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LocationResource } from '@comped/shared/schemas/resources';
import { api } from '../../../lib/api-client';

/** GET locations: the signed-in brand's locations (for the Bookings step and the Missing locations check). */
export function getLocations(): Promise<LocationResource[]> {
  return api<{ data: LocationResource[] }>('locations').then((r) => r.data);
}

export const locationsQueryOptions = queryOptions({ queryKey: ['locations'], queryFn: getLocations });

export function useBrandLocations() {
  return useQuery(locationsQueryOptions);
}
