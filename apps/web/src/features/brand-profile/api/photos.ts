import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiParse } from '../../../lib/api-client';
import { uploadParse } from '../../../lib/uploads/api-upload';
import { brandKeys } from './brand';

/** POST photos {brand_id, file}, with progress. */
export function useUploadPhoto(brandId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, onProgress }: { file: File; onProgress: (p: number) => void }) => {
      const form = new FormData();
      form.append('brand_id', String(brandId));
      form.append('file', file);
      return (await uploadParse('photos', form, 'photo', onProgress)).data;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: brandKeys.detail(brandId) }),
  });
}

/** DELETE photos/{id} (204). */
export function useDeletePhoto(brandId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (photoId: number) => {
      await apiParse(`photos/${photoId}`, 'noContent', { method: 'DELETE' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: brandKeys.detail(brandId) }),
  });
}
