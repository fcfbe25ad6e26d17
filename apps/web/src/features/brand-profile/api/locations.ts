import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataOf } from '@comped/shared/schemas/envelopes';
import { locationResourceSchema } from '@comped/shared/schemas/resources';
import type { LocationInput } from '@comped/shared/validation/location';
import { locationKeys } from '../../../api/locations';
import { apiParse } from '../../../lib/api-client';
import { noContentSchema } from '../../../lib/no-content';
import { brandKeys } from './brand';

export { useLocation } from '../../../api/locations';

function useInvalidateBrand() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: brandKeys.all }),
      queryClient.invalidateQueries({ queryKey: locationKeys.all }),
    ]);
}

/** POST locations, or PUT locations/{id} when `id` is given. */
export function useSaveLocation(id: number | undefined) {
  const invalidate = useInvalidateBrand();
  return useMutation({
    mutationFn: async (body: LocationInput) =>
      (
        await apiParse(id ? `locations/${id}` : 'locations', dataOf(locationResourceSchema), {
          method: id ? 'PUT' : 'POST',
          body,
        })
      ).data,
    onSuccess: invalidate,
  });
}

/** DELETE locations/{id} (204). */
export function useDeleteLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiParse(`locations/${id}`, noContentSchema, { method: 'DELETE' });
    },
    onSuccess: (_done, id) => {
      // The deleted location's own page is still on screen until it navigates: refetching its detail
      // would ask for a location that is gone (a 404). It goes with its page once unobserved.
      const gone = locationKeys.detail(id);
      queryClient.removeQueries({ queryKey: gone, type: 'inactive' });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: brandKeys.all }),
        queryClient.invalidateQueries({
          queryKey: locationKeys.all,
          predicate: (query) => query.queryKey.join('/') !== gone.join('/'),
        }),
      ]);
    },
  });
}
