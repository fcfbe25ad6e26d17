import { USAGE_RIGHT_KINDS, USAGE_RIGHT_LABEL } from '@comped/shared/schemas/usage-rights';
import {
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';

import type { WizardValues } from '../lib/wizard-values';

type Rights = NonNullable<WizardValues['usage_rights']>;
const NONE: Rights = { organic: false, ads: false, website: false, days: null, until: null };

/** The Requirements step's usage rights: what the brand may do with the content, and how long. */
export function UsageRightsField() {
  const { control, formState } = useFormContext<WizardValues>();
  const errors = formState.errors.usage_rights as
    { days?: { message?: string }; until?: { message?: string }; message?: string } | undefined;
  return (
    <Controller
      control={control}
      name="usage_rights"
      render={({ field }) => {
        const value = field.value ?? NONE;
        const set = (next: Partial<Rights>) => field.onChange({ ...value, ...next });
        return <RightsInputs value={value} set={set} errors={errors} />;
      }}
    />
  );
}

function RightsInputs({
  value,
  set,
  errors,
}: {
  value: Rights;
  set: (next: Partial<Rights>) => void;
  errors: { days?: { message?: string }; until?: { message?: string }; message?: string } | undefined;
}) {
  const [mode, setMode] = useState<'none' | 'days' | 'until'>(
    value.until !== null ? 'until' : value.days !== null ? 'days' : 'none',
  );
  const any = USAGE_RIGHT_KINDS.some((k) => value[k]);
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend">Usage rights: what you may do with the creators&apos; content</FormLabel>
      <FormGroup>
        {USAGE_RIGHT_KINDS.map((k) => (
          <FormControlLabel
            key={k}
            control={<Checkbox checked={value[k]} onChange={(e) => set({ [k]: e.target.checked })} />}
            label={USAGE_RIGHT_LABEL[k]}
          />
        ))}
      </FormGroup>
      <FormHelperText>Creators see these before they book, and each delivered post keeps them.</FormHelperText>
      {any ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
          <TextField
            select
            label="For how long"
            value={mode}
            onChange={(e) => {
              const next = e.target.value as 'none' | 'days' | 'until';
              setMode(next);
              set({ days: next === 'days' ? (value.days ?? 30) : null, until: next === 'until' ? value.until : null });
            }}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="none">No end date</MenuItem>
            <MenuItem value="days">Days after delivery</MenuItem>
            <MenuItem value="until">Until a date</MenuItem>
          </TextField>
          {mode === 'days' ? (
            <TextField
              label="Days"
              type="number"
              value={value.days ?? ''}
              onChange={(e) => set({ days: e.target.value === '' ? null : Number(e.target.value) })}
              error={!!errors?.days}
              helperText={errors?.days?.message}
              slotProps={{ htmlInput: { min: 1, max: 3650 } }}
              sx={{ width: 140 }}
            />
          ) : null}
          {mode === 'until' ? (
            <TextField
              label="Until"
              type="date"
              value={value.until ?? ''}
              onChange={(e) => set({ until: e.target.value || null })}
              error={!!errors?.until}
              helperText={errors?.until?.message}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          ) : null}
        </Stack>
      ) : null}
    </FormControl>
  );
}
