import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MediaProfileResource } from '@comped/shared/schemas/resources';
import { uploadWithProgress } from '../../../lib/api-client';
import { mediaProfileKey } from './get-media-profile';

/** POST influencers/{id}/picture (multipart `file`), with upload progress. */
export function uploadPicture(id: number, file: File, onProgress: (p: number) => void): Promise<MediaProfileResource> {
  const form = new FormData();
  form.append('file', file);
  return uploadWithProgress<{ data: MediaProfileResource }>(`influencers/${id}/picture`, form, onProgress).then(
    (r) => r.data,
  );
}

export function useUploadPicture(id: number, onProgress: (p: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadPicture(id, file, onProgress),
    onSuccess: (data) => queryClient.setQueryData(mediaProfileKey(id), data),
  });
}
