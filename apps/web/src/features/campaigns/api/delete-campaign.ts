import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** DELETE campaigns/{id}: discards a draft. */
export function deleteCampaign(id: number): Promise<unknown> {
  return api(`campaigns/${id}`, { method: 'DELETE' });
}

export function useDeleteCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCampaign,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['campaigns'] }),
  });
}
