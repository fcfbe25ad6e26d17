import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FileRef } from '@comped/shared/schemas/resources';
import { api, uploadWithProgress } from '../../../lib/api-client';
import { brandQueryKey } from './brand';

/** POST photos {brand_id, file}, with progress. */
export function useUploadPhoto(brandId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (p: number) => void }) => {
      const form = new FormData();
      form.append('brand_id', String(brandId));
      form.append('file', file);
      return uploadWithProgress<{ data: FileRef }>('photos', form, onProgress).then((r) => r.data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: brandQueryKey(brandId) }),
  });
}

/** DELETE photos/{id}. */
export function useDeletePhoto(brandId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photoId: number) => api<void>(`photos/${photoId}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: brandQueryKey(brandId) }),
  });
}
