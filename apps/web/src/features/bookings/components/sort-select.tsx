import { Box, FormControl, InputLabel, NativeSelect, OutlinedInput } from '@mui/material';
import { useId } from 'react';

import type { BookingSort } from '../api/bookings-request';

/**
 * The brand's pending list: by visit date (default) or by the media user's reliability. The
 * browser's own select (a phone's picker), not MUI's menu: the list paints without the code of
 * MUI's popups (the `mui-later` chunk, apps/web/vite.config.ts).
 */
export function SortSelect({ value, onChange }: { value: BookingSort; onChange: (v: BookingSort) => void }) {
  const id = useId();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
      <FormControl size="small" sx={{ minWidth: 220 }}>
        <InputLabel htmlFor={id} shrink>
          Sort by
        </InputLabel>
        <NativeSelect
          value={value ?? 'visit'}
          onChange={(e) => onChange(e.target.value === 'reliability' ? 'reliability' : undefined)}
          input={<OutlinedInput id={id} label="Sort by" notched />}
        >
          <option value="visit">Visit date</option>
          <option value="reliability">Most reliable first</option>
        </NativeSelect>
      </FormControl>
    </Box>
  );
}
