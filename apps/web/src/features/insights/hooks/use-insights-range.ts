import { INSIGHTS_DEFAULT_DAYS } from '@comped/shared/insights-days';
import { isCalendarDate } from '@comped/shared/time';
import { useSearchParams } from 'react-router';

import { lastDays } from '../api/insights-request';

/** The range of /insights lives in the URL (?from&to), default the last 90 days. */
export function useInsightsRange() {
  const [params, setParams] = useSearchParams();
  const fallback = lastDays(INSIGHTS_DEFAULT_DAYS);
  const from = params.get('from') ?? fallback.from;
  const to = params.get('to') ?? fallback.to;
  const valid = isCalendarDate(from) && isCalendarDate(to) && from <= to;
  function set(next: { from?: string; to?: string }) {
    const merged = { from, to, ...next };
    setParams(merged, { replace: true });
  }
  return { from, to, valid, set };
}
