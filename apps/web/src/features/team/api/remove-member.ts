import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { memberKeys } from './members';

/** DELETE brands/{id}/members/{memberId}: the member's sessions end at once. */
export async function removeMember(brandId: number, memberId: number): Promise<void> {
  await api(`brands/${brandId}/members/${memberId}`, { method: 'DELETE' });
}

export function useRemoveMember(brandId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (memberId: number) => removeMember(brandId, memberId),
    onSuccess: () => qc.invalidateQueries({ queryKey: memberKeys.list(brandId) }),
  });
}
