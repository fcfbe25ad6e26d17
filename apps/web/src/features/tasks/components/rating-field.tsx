import { RATING_LABELS } from '@comped/shared/limits';
import { Box, FormHelperText, Rating, Typography } from '@mui/material';
import { useId, useState } from 'react';

interface RatingFieldProps {
  value: number | null;
  onChange: (value: number | null) => void;
  label: string;
  error?: string;
}

/** A 1-5 rating with the labels Very Bad ... Very Good (spec section 9). */
export function RatingField({ value, onChange, label, error }: RatingFieldProps) {
  const id = useId();
  const [hover, setHover] = useState(-1);
  const shown = hover !== -1 ? hover : value;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }} aria-describedby={error ? `${id}-error` : undefined}>
      <Typography component="legend" sx={{ fontWeight: 600, mb: 0.5 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Rating
          name={`rating-${id}`}
          value={value}
          size="large"
          getLabelText={(v: number) => RATING_LABELS[v - 1] ?? `${v}`}
          onChange={(_e, v) => onChange(v !== null && Number.isFinite(v) ? v : null)}
          onChangeActive={(_e, v) => setHover(Number.isFinite(v) ? v : -1)}
        />
        <Typography aria-live="polite" color="text.secondary">
          {shown ? RATING_LABELS[shown - 1] : 'Choose a rating'}
        </Typography>
      </Box>
      {error && (
        <FormHelperText id={`${id}-error`} error>
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
