import { Box, MenuItem, TextField } from '@mui/material';

import type { BookingSort } from '../api/bookings-request';

/** The brand's pending list: by visit date (default) or by the media user's reliability. */
export function SortSelect({ value, onChange }: { value: BookingSort; onChange: (v: BookingSort) => void }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
      <TextField
        select
        size="small"
        label="Sort by"
        value={value ?? 'visit'}
        onChange={(e) => onChange(e.target.value === 'reliability' ? 'reliability' : undefined)}
        sx={{ minWidth: 220 }}
      >
        <MenuItem value="visit">Visit date</MenuItem>
        <MenuItem value="reliability">Most reliable first</MenuItem>
      </TextField>
    </Box>
  );
}
