import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiParse } from '../../../lib/api-client';
import { contentKeys } from './get-content';

/** PUT brands/{id}/content/{contentId} {favourite}. */
export function setFavourite(brandId: number, contentId: number, favourite: boolean) {
  return apiParse(`brands/${brandId}/content/${contentId}`, 'contentItem', {
    method: 'PUT',
    body: { favourite },
  });
}

export function useSetFavourite(brandId: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; favourite: boolean }) => setFavourite(brandId ?? 0, v.id, v.favourite),
    onSettled: () => client.invalidateQueries({ queryKey: contentKeys.all }),
  });
}
