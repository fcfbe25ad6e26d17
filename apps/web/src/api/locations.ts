import type { LocationResource } from '@comped/shared/schemas/resources';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiParse } from '../lib/api-client';

/** The one query-key factory of locations (the brand's list and one location). */
export const locationKeys = {
  all: ['locations'] as const,
  list: () => [...locationKeys.all, 'list'] as const,
  detail: (id: number) => [...locationKeys.all, 'detail', id] as const,
};

/**
 * GET locations: the signed-in brand's locations (the campaign list's "create" card, the wizard's
 * Bookings step and its Missing locations check).
 */
export async function getLocations(): Promise<LocationResource[]> {
  return (await apiParse('locations', 'locations')).data;
}

export const locationsQueryOptions = () => queryOptions({ queryKey: locationKeys.list(), queryFn: getLocations });

export function useLocations(enabled = true) {
  return useQuery({ ...locationsQueryOptions(), enabled });
}

/** GET locations/{id}. */
export async function getLocation(id: number): Promise<LocationResource> {
  return (await apiParse(`locations/${id}`, 'location')).data;
}

export function locationQueryOptions(id: number) {
  return queryOptions({ queryKey: locationKeys.detail(id), queryFn: () => getLocation(id) });
}

export function useLocation(id: number | undefined) {
  return useQuery({ ...locationQueryOptions(id ?? 0), enabled: !!id });
}
