import type { CampaignKind } from '@comped/shared/campaign-kinds';
import { KIND_DATE } from '@comped/shared/campaign-kinds';
import { LIMITS } from '@comped/shared/limits';
import { maxChars } from '@comped/shared/messages';
import { Box, FormControlLabel, FormHelperText, Paper, Stack, Switch, TextField, Typography } from '@mui/material';
import dayjs from 'dayjs';
import { Controller, useFormContext } from 'react-hook-form';

import { DatePicker } from '../../../components/pickers/date-picker';
import type { WizardValues } from '../lib/wizard-values';
import type { FeaturedPhotosFieldProps } from './featured-photos-field';
import { FeaturedPhotosField } from './featured-photos-field';
import { TimeSelect } from './time-select';

type DateField = 'launch_date' | 'opening_date' | 'event_date' | 'end_date';

function DateInput(props: {
  name: DateField;
  label: string;
  required?: boolean;
  minDate?: string | null;
  helper?: string;
}) {
  const { control } = useFormContext<WizardValues>();
  return (
    <Controller
      control={control}
      name={props.name}
      render={({ field, fieldState }) => (
        <DatePicker
          label={props.label}
          value={field.value ? dayjs(field.value) : null}
          minDate={props.minDate ? dayjs(props.minDate) : undefined}
          onChange={(v) => field.onChange(v && v.isValid() ? v.format('YYYY-MM-DD') : null)}
          slotProps={{
            textField: {
              name: field.name,
              required: props.required,
              onBlur: field.onBlur,
              error: !!fieldState.error,
              helperText: fieldState.error?.message ?? props.helper ?? (props.required ? undefined : 'Optional'),
              fullWidth: true,
            },
            field: { clearable: !props.required },
          }}
        />
      )}
    />
  );
}

export function BasicStep(props: { kind: CampaignKind; photos: FeaturedPhotosFieldProps }) {
  const { kind } = props;
  const { register, control, watch, formState } = useFormContext<WizardValues>();
  const { errors } = formState;
  const dateInfo = KIND_DATE[kind];
  const start = watch(dateInfo.field);
  const playersOn = watch('key_players_enabled');
  const players = watch('key_players');
  const playersError = errors.key_players?.message ?? errors.key_players?.root?.message;

  return (
    <Stack spacing={3}>
      <TextField
        label="Campaign name"
        required
        fullWidth
        {...register('name')}
        error={!!errors.name}
        helperText={errors.name?.message ?? maxChars(LIMITS.campaignName)}
        slotProps={{ htmlInput: { maxLength: LIMITS.campaignName } }}
      />
      <TextField
        label="Description"
        required
        fullWidth
        multiline
        minRows={4}
        {...register('description')}
        error={!!errors.description}
        helperText={errors.description?.message ?? maxChars(LIMITS.campaignDescription)}
        slotProps={{ htmlInput: { maxLength: LIMITS.campaignDescription } }}
      />
      <FeaturedPhotosField {...props.photos} />

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <DateInput name={dateInfo.field} label={dateInfo.label} required />
        {kind !== 'singledayevent' ? (
          <DateInput
            name="end_date"
            label="End Date"
            minDate={start}
            // The spec's booking window (section 5): without an end date, two days.
            helper={`Optional. Without one, visits can be booked on the ${kind === 'opening' ? 'opening' : 'launch'} day and the day after.`}
          />
        ) : null}
      </Box>

      {kind === 'singledayevent' ? (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            Event time
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Controller
              control={control}
              name="from_time"
              render={({ field, fieldState }) => (
                <TimeSelect
                  label="Starts at"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="to_time"
              render={({ field, fieldState }) => (
                <TimeSelect
                  label="Ends at"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
          </Stack>
        </Box>
      ) : null}

      <Box component="section" aria-labelledby="key-players-title">
        <Typography id="key-players-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          Key players
        </Typography>
        <Controller
          control={control}
          name="key_players_enabled"
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
              label="Introduce the people behind this campaign"
            />
          )}
        />
        {playersOn ? (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mt: 1 }}>
            {players.map((p, i) => (
              <Paper key={p.type} variant="outlined" sx={{ p: 2 }}>
                <Typography variant="subtitle2" component="h4" sx={{ mb: 1.5 }}>
                  {p.type}
                </Typography>
                <Stack spacing={1.5}>
                  <TextField
                    size="small"
                    label={`${p.type} name`}
                    {...register(`key_players.${i}.name`)}
                    slotProps={{ htmlInput: { maxLength: LIMITS.name } }}
                  />
                  <TextField
                    size="small"
                    label={`${p.type} position or bio`}
                    multiline
                    minRows={2}
                    {...register(`key_players.${i}.bio`)}
                    slotProps={{ htmlInput: { maxLength: LIMITS.bio } }}
                  />
                </Stack>
              </Paper>
            ))}
          </Box>
        ) : null}
        {playersError ? (
          <FormHelperText error role="alert">
            {playersError}
          </FormHelperText>
        ) : null}
      </Box>
    </Stack>
  );
}
