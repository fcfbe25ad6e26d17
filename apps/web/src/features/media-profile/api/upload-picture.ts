import type { MediaProfileResource } from '@comped/shared/schemas/resources';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { uploadParse } from '../../../lib/uploads/api-upload';
import { mediaProfileKeys } from './get-media-profile';

/** POST influencers/{id}/picture (multipart `file`), with upload progress. */
export async function uploadPicture(
  id: number,
  file: File,
  onProgress: (p: number) => void,
): Promise<MediaProfileResource> {
  const form = new FormData();
  form.append('file', file);
  return (await uploadParse(`influencers/${id}/picture`, form, 'mediaProfile', onProgress)).data;
}

export function useUploadPicture(id: number, onProgress: (p: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadPicture(id, file, onProgress),
    onSuccess: (data) => queryClient.setQueryData(mediaProfileKeys.detail(id), data),
  });
}
