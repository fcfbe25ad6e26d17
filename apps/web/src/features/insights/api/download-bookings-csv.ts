import { defaultErrorCode, isErrorCode } from '@comped/shared/error-codes';
import { LIMITS } from '@comped/shared/limits';
import { MSG } from '@comped/shared/messages';
import { useMutation } from '@tanstack/react-query';

import { ApiError, apiUrl } from '../../../lib/api-client';
import { readSession } from '../../../lib/session';

/**
 * GET brands/{id}/insights/bookings.csv: the bookings behind the figures. The file is fetched with
 * the bearer token (a plain link could not carry it) and handed to the browser as a download.
 */
export async function downloadBookingsCsv(brandId: number, from: string, to: string): Promise<string> {
  const token = readSession()?.token;
  const res = await fetch(apiUrl(`brands/${brandId}/insights/bookings.csv`, { from, to }), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    // A large range streams for longer than one JSON answer may take.
    signal: AbortSignal.timeout(LIMITS.requestTimeoutMs * 6),
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as {
      message?: string;
      code?: unknown;
      errors?: Record<string, string[]>;
    };
    const code = isErrorCode(body.code) ? body.code : defaultErrorCode(res.status);
    throw new ApiError(res.status, body.message ?? MSG.somethingWrong, body.errors ?? {}, code);
  }
  const blob = await res.blob();
  const filename = `comped-bookings-${from}-to-${to}.csv`;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return filename;
}

export function useDownloadBookingsCsv(brandId: number | undefined) {
  return useMutation({
    mutationFn: ({ from, to }: { from: string; to: string }) => downloadBookingsCsv(brandId ?? 0, from, to),
  });
}
