import { CATEGORY_LABELS, DISCOVERY_DEFAULT_MILES, DISCOVERY_MILES } from '@comped/shared/discovery-filters';
import { ZIP_CODE } from '@comped/shared/limits';
import { MSG } from '@comped/shared/messages';
import SearchIcon from '@mui/icons-material/Search';
import { Box, InputAdornment } from '@mui/material';
import { useEffect, useId, useState } from 'react';

import { FiltersToggle } from '../../../components/filters-toggle';
import { OutlinedField } from '../../../components/outlined-field';
import { OutlinedSelectField } from '../../../components/outlined-select-field';
import { localToday } from '../../../lib/local-today';
import { usePhoneScreen } from '../../../lib/use-phone-screen';
import type { DiscoveryFilters } from '../api/get-media-campaigns';
import { FilterChip } from './filter-chip';

interface Props {
  filters: DiscoveryFilters;
  update: (next: Partial<DiscoveryFilters>) => void;
  /** 422 messages from the API, by filter (`q`, `category`, `near`, `miles`, `date`). */
  errors: Partial<Record<keyof DiscoveryFilters, string>>;
}

/**
 * Search, category chips, "Near ZIP" with a distance and "I'm free on" (decisions.md). Built from
 * the entry's input parts, a ButtonBase chip and the browser's own select, so the list below paints
 * without the shared `mui` chunk (docs/performance.md, "The first card").
 */
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
  // A complete ZIP, or none, goes to the URL as it is typed. From the field's change, not from an
  // effect on the field's value: after Clear filters that value is the old ZIP until the URL's
  // empty one is put back, and an effect would have sent it again.
  const changeZip = (typed: string) => {
    const next = typed.replace(/\D/g, '').slice(0, 5);
    setZip(next);
    if (next !== (filters.near ?? '') && (next === '' || ZIP_CODE.test(next))) update({ near: next });
  };

  const selected = new Set(filters.category ?? []);
  // On a phone the place and the day fold behind a button, so the first card is on the first
  // screen; they unfold by themselves when one of them has something to say.
  const phone = usePhoneScreen();
  const [unfolded, setUnfolded] = useState(false);
  const placeOrDayError = !!(errors.near || errors.miles || errors.date) || (zip !== '' && zip.length < 5);
  const open = !phone || unfolded || placeOrDayError;
  const foldedSet = [filters.near, filters.date].filter(Boolean).length;
  const panelId = useId();
  return (
    <Box
      component="search"
      aria-label="Find campaigns"
      sx={{ display: 'flex', flexDirection: 'column', gap: 2, mb: 3 }}
    >
      <OutlinedField
        label="Search brands or campaigns"
        type="search"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        error={!!errors.q}
        helperText={errors.q}
        startAdornment={
          <InputAdornment position="start">
            <SearchIcon aria-hidden />
          </InputAdornment>
        }
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} role="group" aria-label="Categories">
        {Object.entries(CATEGORY_LABELS).map(([id, label]) => {
          const n = Number(id);
          const on = selected.has(n);
          return (
            <FilterChip
              key={id}
              label={label}
              on={on}
              onClick={() => update({ category: on ? [...selected].filter((c) => c !== n) : [...selected, n] })}
            />
          );
        })}
      </Box>
      {phone ? (
        <FiltersToggle
          label="More filters"
          active={foldedSet}
          open={open}
          panelId={panelId}
          locked={placeOrDayError}
          onToggle={() => setUnfolded(!open)}
          sx={{ alignSelf: 'flex-start' }}
        />
      ) : null}
      {/* Folded, its fields are not drawn at all: on a phone's first load they would cost as much as a card. */}
      <Box id={panelId} sx={{ display: open ? 'flex' : 'none', flexDirection: { xs: 'column', sm: 'row' }, gap: 2 }}>
        {open && (
          <>
            <OutlinedField
              label="Near ZIP"
              value={zip}
              onChange={(e) => changeZip(e.target.value)}
              autoComplete="postal-code"
              inputProps={{ inputMode: 'numeric' }}
              error={!!errors.near || (zip !== '' && zip.length < 5)}
              helperText={errors.near ?? (zip !== '' && zip.length < 5 ? MSG.zipCodeFormat : undefined)}
            />
            <OutlinedSelectField
              label="Distance"
              value={filters.miles ?? DISCOVERY_DEFAULT_MILES}
              onChange={(e) => update({ miles: Number(e.target.value) })}
              disabled={!filters.near}
              error={!!errors.miles}
              helperText={errors.miles}
              sx={{ minWidth: 140 }}
            >
              {DISCOVERY_MILES.map((m) => (
                <option key={m} value={m}>
                  {m} miles
                </option>
              ))}
            </OutlinedSelectField>
            <OutlinedField
              label="I'm free on"
              type="date"
              value={filters.date ?? ''}
              inputProps={{ min: localToday() }}
              onChange={(e) => update({ date: e.target.value })}
              shrinkLabel
              error={!!errors.date}
              helperText={errors.date}
            />
          </>
        )}
      </Box>
    </Box>
  );
}
