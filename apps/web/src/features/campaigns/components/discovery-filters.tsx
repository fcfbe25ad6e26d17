import SearchIcon from '@mui/icons-material/Search';
import { Chip, InputAdornment, MenuItem, Stack, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { CATEGORY_LABELS, DISCOVERY_MILES } from '@comped/shared/validation/discovery';
import type { DiscoveryFilters } from '../api/get-media-campaigns';

interface Props {
  filters: DiscoveryFilters;
  update: (next: Partial<DiscoveryFilters>) => void;
  /** 422 messages from the API, by filter (`q`, `category`, `near`, `miles`, `date`). */
  errors: Partial<Record<keyof DiscoveryFilters, string>>;
}

/** Search, category chips, "Near ZIP" with a distance and "I'm free on" (decisions.md). */
export function DiscoveryFiltersBar({ filters, update, errors }: Props) {
  const [q, setQ] = useState(filters.q ?? '');
  const [zip, setZip] = useState(filters.near ?? '');
  // The URL is the truth: Back or Clear filters put its values back into the fields.
  useEffect(() => setQ(filters.q ?? ''), [filters.q]);
  useEffect(() => setZip(filters.near ?? ''), [filters.near]);
  // Typing settles for a moment before the list reloads.
  useEffect(() => {
    if (q === (filters.q ?? '')) return;
    const id = setTimeout(() => update({ q: q.trim() }), 400);
    return () => clearTimeout(id);
  }, [q, filters.q, update]);
  useEffect(() => {
    if (zip === (filters.near ?? '') || (zip !== '' && !/^\d{5}$/.test(zip))) return;
    update({ near: zip });
  }, [zip, filters.near, update]);

  const selected = new Set(filters.category ?? []);
  return (
    <Stack spacing={2} sx={{ mb: 3 }} component="search" aria-label="Find campaigns">
      <TextField
        label="Search brands or campaigns"
        type="search"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        error={!!errors.q}
        helperText={errors.q}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon aria-hidden />
              </InputAdornment>
            ),
          },
        }}
      />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} role="group" aria-label="Categories">
        {Object.entries(CATEGORY_LABELS).map(([id, label]) => {
          const n = Number(id);
          const on = selected.has(n);
          return (
            <Chip
              key={id}
              label={label}
              color={on ? 'primary' : 'default'}
              variant={on ? 'filled' : 'outlined'}
              aria-pressed={on}
              onClick={() => update({ category: on ? [...selected].filter((c) => c !== n) : [...selected, n] })}
            />
          );
        })}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="Near ZIP"
          value={zip}
          onChange={(e) => setZip(e.target.value.replace(/\D/g, '').slice(0, 5))}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'postal-code' } }}
          error={!!errors.near || (zip !== '' && zip.length < 5)}
          helperText={errors.near ?? (zip !== '' && zip.length < 5 ? 'Enter a 5-digit US ZIP code.' : undefined)}
        />
        <TextField
          select
          label="Distance"
          value={filters.miles}
          onChange={(e) => update({ miles: Number(e.target.value) })}
          disabled={!filters.near}
          error={!!errors.miles}
          helperText={errors.miles}
          sx={{ minWidth: 140 }}
        >
          {DISCOVERY_MILES.map((m) => (
            <MenuItem key={m} value={m}>
              {m} miles
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="I'm free on"
          type="date"
          value={filters.date ?? ''}
          onChange={(e) => update({ date: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
          error={!!errors.date}
          helperText={errors.date}
        />
      </Stack>
    </Stack>
  );
}
