import { DISCOVERY_MILES } from '@comped/shared/discovery-filters';
import { ZIP_CODE } from '@comped/shared/limits';
import { MSG } from '@comped/shared/messages';
import { Box, Grid, MenuItem, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

import { EmptyState } from '../../../components/empty-state';
import { FilterBar } from '../../../components/filters/filter-bar';
import { InfiniteListFooter } from '../../../components/infinite-list-footer';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { PageTitle } from '../../../components/page-title';
import { ApiError } from '../../../lib/api-client';
import { useHoldSpinner } from '../../../lib/use-hold-spinner';
import { useUser } from '../../../lib/use-session';
import type { CreatorFilters } from '../api/get-creators';
import { useCreators } from '../api/get-creators';
import { CreatorCard } from './creator-card';

const KEYS = ['type', 'tier', 'q', 'near', 'miles', 'sort'] as const;

/** /creators (brands with a plan): the creator directory, filters in the URL, infinite scroll. */
export function CreatorsPage() {
  const user = useUser();
  const brandId = user.profile.brands[0]?.id;
  const [params, setParams] = useSearchParams();
  const filters: CreatorFilters = Object.fromEntries(KEYS.map((k) => [k, params.get(k) ?? undefined]));
  // The search box and ZIP update the URL once typing pauses.
  const [q, setQ] = useState(filters.q ?? '');
  const [near, setNear] = useState(filters.near ?? '');
  const zipReady = near === '' || ZIP_CODE.test(near);
  useEffect(() => {
    const timer = setTimeout(() => {
      if ((filters.q ?? '') !== q || (zipReady && (filters.near ?? '') !== near)) {
        set({ q, ...(zipReady ? { near } : {}) });
      }
    }, 400);
    return () => clearTimeout(timer);
  });
  function set(next: Partial<CreatorFilters>) {
    const merged: Record<string, string> = {};
    for (const k of KEYS) {
      const v = k in next ? next[k] : filters[k];
      if (v) merged[k] = v;
    }
    setParams(merged, { replace: true });
  }
  const query = useCreators(brandId, filters);
  const items = query.data?.pages.flatMap((p) => p.data) ?? [];
  const holding = useHoldSpinner(query.isPending);
  // An unknown ZIP is the field's to say (trying again cannot help); anything else is the list's.
  const zipError = query.error instanceof ApiError ? query.error.field('filter[near]') : undefined;
  const fieldError =
    query.error instanceof ApiError && !zipError ? Object.values(query.error.errors).flat()[0] : undefined;

  return (
    <Box>
      <PageTitle>Creators</PageTitle>
      <FilterBar
        label="Filter creators"
        lead={
          <TextField label="Name or handle" value={q} onChange={(e) => setQ(e.target.value)} sx={{ minWidth: 200 }} />
        }
        active={
          [filters.type, filters.tier, filters.near, filters.sort === 'visits' ? 'visits' : ''].filter(Boolean).length
        }
        open={!zipReady || !!zipError}
      >
        <TextField
          select
          label="Type"
          value={filters.type ?? ''}
          onChange={(e) => set({ type: e.target.value })}
          sx={{ minWidth: 150 }}
        >
          <MenuItem value="">All</MenuItem>
          <MenuItem value="influencer">Influencers</MenuItem>
          <MenuItem value="journalist">Journalists</MenuItem>
        </TextField>
        <TextField
          select
          label="Tier"
          value={filters.tier ?? ''}
          onChange={(e) => set({ tier: e.target.value })}
          sx={{ minWidth: 110 }}
        >
          <MenuItem value="">All</MenuItem>
          {[1, 2, 3, 4].map((n) => (
            <MenuItem key={n} value={String(n)}>
              Tier {n}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Near ZIP"
          value={near}
          onChange={(e) => setNear(e.target.value.replace(/\D/g, '').slice(0, 5))}
          error={!zipReady || (!!zipError && near === filters.near)}
          helperText={zipReady ? (near === filters.near ? zipError : undefined) : MSG.zipCodeFormat}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'postal-code' } }}
          sx={{ width: { xs: '100%', sm: 180 } }}
        />
        <TextField
          select
          label="Within"
          value={filters.miles ?? '25'}
          onChange={(e) => set({ miles: e.target.value })}
          disabled={!filters.near}
          sx={{ width: { xs: '100%', sm: 130 } }}
        >
          {DISCOVERY_MILES.map((m) => (
            <MenuItem key={m} value={String(m)}>
              {m} miles
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Sort by"
          value={filters.sort ?? 'reliability'}
          onChange={(e) => set({ sort: e.target.value })}
          sx={{ minWidth: 150 }}
        >
          <MenuItem value="reliability">Reliability</MenuItem>
          <MenuItem value="visits">Visits</MenuItem>
        </TextField>
      </FilterBar>
      {query.isPending || holding ? (
        <Loading label="Loading creators" />
      ) : zipError ? null : query.isError && items.length === 0 ? (
        <LoadError onRetry={query.refetch}>{fieldError ?? "We couldn't load the creators."}</LoadError>
      ) : items.length === 0 ? (
        <EmptyState
          title="No creators found"
          text="No listed creator matches these filters. Try another name, tier or a wider distance."
        />
      ) : (
        <Grid container spacing={2} component="ul" aria-label="Creators" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {items.map((c) => (
            <Grid key={c.id} size={{ xs: 12, sm: 6, lg: 4 }} component="li">
              <CreatorCard creator={c} />
            </Grid>
          ))}
        </Grid>
      )}
      {items.length > 0 ? <InfiniteListFooter query={query} loadingLabel="Loading more creators" /> : null}
    </Box>
  );
}
