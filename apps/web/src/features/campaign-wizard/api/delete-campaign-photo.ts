import type { FileRef } from '@comped/shared/schemas/resources';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { campaignKeys } from '../../../api/campaigns';
import { apiParse } from '../../../lib/api-client';

/** DELETE campaigns/{id}/photos/{photoId}: `photoId` is the photo's name without extension (204). */
export async function deleteCampaignPhoto(campaignId: number, photoName: string): Promise<void> {
  await apiParse(`campaigns/${campaignId}/photos/${encodeURIComponent(photoName)}`, 'noContent', {
    method: 'DELETE',
  });
}

/**
 * Deletes saved photos of a draft one after another; `onDeleted` hears of each as it goes, so a
 * failure halfway leaves the wizard showing what is really still saved.
 */
export function useDeleteCampaignPhotos(campaignId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ photos, onDeleted }: { photos: FileRef[]; onDeleted: (photo: FileRef) => void }) => {
      if (campaignId === undefined) return;
      for (const photo of photos) {
        await deleteCampaignPhoto(campaignId, photo.name);
        onDeleted(photo);
      }
    },
    onSuccess: () => {
      if (campaignId !== undefined) void queryClient.invalidateQueries({ queryKey: campaignKeys.detail(campaignId) });
    },
  });
}
