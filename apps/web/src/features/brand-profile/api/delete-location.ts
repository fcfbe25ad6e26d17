import { useMutation, useQueryClient } from '@tanstack/react-query';

import { locationKeys } from '../../../api/locations';
import { apiParse } from '../../../lib/api-client';
import { brandKeys } from './brand';

/** DELETE locations/{id} (204). */
export async function deleteLocation(id: number): Promise<void> {
  await apiParse(`locations/${id}`, 'noContent', { method: 'DELETE' });
}

export function useDeleteLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLocation,
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
