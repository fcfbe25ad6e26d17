import { defaultErrorCode, isErrorCode } from '@comped/shared/error-codes';
import { LIMITS } from '@comped/shared/limits';
import { MSG } from '@comped/shared/messages';
import { useMutation } from '@tanstack/react-query';

import { ApiError, apiUrl } from '../../../lib/api-client';
import { readSession } from '../../../lib/session';
import type { ContentFilters } from './get-content';
import { contentQuery } from './get-content';

/** GET brands/{id}/content.csv with the bearer token, handed to the browser as a download. */
export async function downloadContentCsv(brandId: number, filters: ContentFilters): Promise<string> {
  const token = readSession()?.token;
  const res = await fetch(apiUrl(`brands/${brandId}/content.csv`, contentQuery(filters)), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(LIMITS.requestTimeoutMs * 6),
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string; code?: unknown };
    const code = isErrorCode(body.code) ? body.code : defaultErrorCode(res.status);
    throw new ApiError(res.status, body.message ?? MSG.somethingWrong, {}, code);
  }
  const url = URL.createObjectURL(await res.blob());
  const filename = 'comped-content.csv';
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return filename;
}

export function useDownloadContentCsv(brandId: number | undefined) {
  return useMutation({ mutationFn: (filters: ContentFilters) => downloadContentCsv(brandId ?? 0, filters) });
}
