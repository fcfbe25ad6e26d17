import { formatTime12, HALF_HOUR_SLOTS } from '@comped/shared/time';
import { MenuItem, TextField } from '@mui/material';

/** A half-hour slot picker: "HH:mm" values, shown as "6:00 PM". */
export function TimeSelect(props: {
  label: string;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  error?: string;
  size?: 'small' | 'medium';
  id?: string;
}) {
  return (
    <TextField
      select
      id={props.id}
      label={props.label}
      value={props.value}
      size={props.size}
      onChange={(e) => props.onChange(e.target.value)}
      onBlur={props.onBlur}
      error={!!props.error}
      helperText={props.error}
      sx={{ minWidth: 140 }}
      slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } } } }}
    >
      {HALF_HOUR_SLOTS.map((slot) => (
        <MenuItem key={slot} value={slot}>
          {formatTime12(slot)}
        </MenuItem>
      ))}
    </TextField>
  );
}
