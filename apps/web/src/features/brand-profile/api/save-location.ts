import type { LocationInput } from '@comped/shared/validation/location';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { locationKeys } from '../../../api/locations';
import { apiParse } from '../../../lib/api-client';
import { brandKeys } from './brand';

/** POST locations, or PUT locations/{id} when `id` is given. */
export async function saveLocation(id: number | undefined, body: LocationInput) {
  const answer = await apiParse(id ? `locations/${id}` : 'locations', 'location', {
    method: id ? 'PUT' : 'POST',
    body,
  });
  return answer.data;
}

export function useSaveLocation(id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LocationInput) => saveLocation(id, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: brandKeys.all }),
        queryClient.invalidateQueries({ queryKey: locationKeys.all }),
      ]),
  });
}
