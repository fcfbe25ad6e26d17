import { defaultErrorCode, isErrorCode } from '@comped/shared/error-codes';
import { MSG } from '@comped/shared/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { ApiError, apiParse, apiUrl } from '../../../lib/api-client';
import { readSession } from '../../../lib/session';

/** GET admin/health?from&to (issue 30): the marketplace week by week. */
export function healthQuery(from: string, to: string) {
  return queryOptions({
    queryKey: ['admin', 'health', from, to] as const,
    queryFn: () => apiParse('admin/health', 'healthReport', { query: { from, to } }).then((r) => r.data),
  });
}

export function useHealth(from: string, to: string) {
  return useQuery(healthQuery(from, to));
}

/** GET admin/health.csv?from&to, fetched with the bearer token and handed to the browser as a download. */
export async function downloadHealthCsv(from: string, to: string): Promise<void> {
  const token = readSession()?.token;
  const res = await fetch(apiUrl('admin/health.csv', { from, to }), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string; code?: unknown };
    const code = isErrorCode(body.code) ? body.code : defaultErrorCode(res.status);
    throw new ApiError(res.status, body.message ?? MSG.somethingWrong, {}, code);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `comped-health-${from}-to-${to}.csv`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
