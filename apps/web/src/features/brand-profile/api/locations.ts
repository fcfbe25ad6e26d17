import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LocationResource } from '@comped/shared/schemas/resources';
import type { LocationInput } from '@comped/shared/validation/location';
import { api } from '../../../lib/api-client';

/** GET locations/{id}. */
export function getLocation(id: number): Promise<LocationResource> {
  return api<{ data: LocationResource }>(`locations/${id}`).then((r) => r.data);
}

export function locationQueryOptions(id: number) {
  return queryOptions({ queryKey: ['locations', 'one', id], queryFn: () => getLocation(id) });
}

export function useLocation(id: number | undefined) {
  return useQuery({ ...locationQueryOptions(id ?? 0), enabled: !!id });
}

function useInvalidateBrand() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['brand'] }),
      queryClient.invalidateQueries({ queryKey: ['locations'] }),
    ]);
}

/** POST locations, or PUT locations/{id} when `id` is given. */
export function useSaveLocation(id: number | undefined) {
  const invalidate = useInvalidateBrand();
  return useMutation({
    mutationFn: (body: LocationInput) =>
      api<{ data: LocationResource }>(id ? `locations/${id}` : 'locations', {
        method: id ? 'PUT' : 'POST',
        body,
      }).then((r) => r.data),
    onSuccess: invalidate,
  });
}

/** DELETE locations/{id}. */
export function useDeleteLocation() {
  const invalidate = useInvalidateBrand();
  return useMutation({
    mutationFn: (id: number) => api<void>(`locations/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
