import { splitCommaList } from '@comped/shared/comma-list';
import { DISCOVERY_DEFAULT_MILES, DISCOVERY_MILES } from '@comped/shared/discovery-filters';
import { useRef } from 'react';
import { useSearchParams } from 'react-router';

import type { DiscoveryFilters } from '../api/get-media-campaigns';

/**
 * The discovery filters live in the URL of /campaigns (?q=&category=4,5&near=10001&miles=10&date=),
 * so a filtered list can be shared and the back button walks through earlier filters.
 */
export function useDiscoveryFilters() {
  const [params, setParams] = useSearchParams();
  // The URL as the last update left it: two changes before the router shows the first (a distance
  // picked, then a day typed at once) each build on the one before. The router commits a navigation
  // in a transition, so a render in between can still carry the older URL: `latest` follows the
  // router only when it brings a URL it had not brought before (an update, Back, a link).
  const latest = useRef(params);
  const seen = useRef(params);
  if (seen.current !== params) {
    seen.current = params;
    latest.current = params;
  }
  const filters = filtersFrom(params);
  const active = Boolean(filters.q || filters.category?.length || filters.near || filters.date);

  function update(next: Partial<DiscoveryFilters>) {
    const merged = { ...filtersFrom(latest.current), ...next };
    const out: Record<string, string> = {};
    if (merged.q) out.q = merged.q;
    if (merged.category?.length) out.category = [...merged.category].sort().join(',');
    if (merged.near) {
      out.near = merged.near;
      out.miles = String(merged.miles ?? DISCOVERY_DEFAULT_MILES);
    }
    if (merged.date) out.date = merged.date;
    latest.current = new URLSearchParams(out);
    // A new history entry per change: Back returns to the previous filters.
    setParams(out);
  }

  return {
    filters,
    active,
    update,
    clear: () => {
      latest.current = new URLSearchParams();
      setParams({});
    },
  };
}

function filtersFrom(params: URLSearchParams): DiscoveryFilters {
  const miles = Number(params.get('miles'));
  return {
    q: params.get('q') ?? '',
    category: splitCommaList(params.get('category') ?? '')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n >= 1 && n <= 6),
    near: params.get('near') ?? '',
    miles: (DISCOVERY_MILES as readonly number[]).includes(miles) ? miles : DISCOVERY_DEFAULT_MILES,
    date: params.get('date') ?? '',
  };
}
