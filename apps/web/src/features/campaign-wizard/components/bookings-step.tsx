import { COMPENSATION_OPTIONS, LIMITS } from '@comped/shared/limits';
import { SLOT_RULES } from '@comped/shared/limits';
import { MSG } from '@comped/shared/messages';
import { formatUsd } from '@comped/shared/money';
import type { WeekdayShort } from '@comped/shared/time';
import { WEEKDAY_SHORT, WEEKDAYS } from '@comped/shared/time';
import { TIP_MAX } from '@comped/shared/validation/campaign';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  Box,
  Button,
  Checkbox,
  Divider,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  IconButton,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect } from 'react';
import { Controller, useFormContext } from 'react-hook-form';

import type { WizardRange, WizardValues } from '../lib/wizard-values';
import { TimeSelect } from './time-select';

export interface WizardLocation {
  id: number;
  name: string;
  address: string;
}

const DAY_NAME: Record<WeekdayShort, string> = Object.fromEntries(
  WEEKDAY_SHORT.map((d, i) => [d, (WEEKDAYS[i] ?? d).replace(/^\w/, (c) => c.toUpperCase())]),
) as Record<WeekdayShort, string>;

const MAX_GUESTS_OPTIONS = Array.from(
  { length: LIMITS.maxGuestsMax - LIMITS.maxGuestsMin + 1 },
  (_, i) => LIMITS.maxGuestsMin + i,
);

function UnavailableTimes() {
  const { watch, setValue, formState } = useFormContext<WizardValues>();
  const dates = watch('booking.unavailable_dates');
  const dayErrors = formState.errors.booking?.unavailable_dates;

  function setDay(day: WeekdayShort, ranges: WizardRange[]) {
    setValue(`booking.unavailable_dates`, { ...dates, [day]: ranges }, { shouldDirty: true });
  }

  return (
    <Stack spacing={1.5} divider={<Divider flexItem />}>
      {WEEKDAY_SHORT.map((day) => {
        const ranges = dates[day] ?? [];
        return (
          <Box
            key={day}
            component="fieldset"
            sx={{ border: 0, p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1 }}
          >
            <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
              {DAY_NAME[day]}
            </Typography>
            {ranges.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                Available all opening hours
              </Typography>
            ) : null}
            {ranges.map((r, i) => {
              const err = dayErrors?.[day]?.[i];
              return (
                <Stack
                  key={i}
                  direction="row"
                  spacing={1}
                  sx={{ alignItems: 'flex-start', flexWrap: 'wrap', rowGap: 1 }}
                >
                  <TimeSelect
                    size="small"
                    label={`${DAY_NAME[day]} from`}
                    value={r.from}
                    error={err?.from?.message}
                    onChange={(v) =>
                      setDay(
                        day,
                        ranges.map((x, j) => (j === i ? { ...x, from: v } : x)),
                      )
                    }
                  />
                  <TimeSelect
                    size="small"
                    label={`${DAY_NAME[day]} to`}
                    value={r.to}
                    error={err?.to?.message}
                    onChange={(v) =>
                      setDay(
                        day,
                        ranges.map((x, j) => (j === i ? { ...x, to: v } : x)),
                      )
                    }
                  />
                  <IconButton
                    aria-label={`Remove ${DAY_NAME[day]} range ${i + 1}`}
                    onClick={() =>
                      setDay(
                        day,
                        ranges.filter((_x, j) => j !== i),
                      )
                    }
                  >
                    <DeleteOutlineIcon />
                  </IconButton>
                </Stack>
              );
            })}
            <Box>
              <Button
                size="small"
                startIcon={<AddIcon />}
                aria-label={`Add time range on ${DAY_NAME[day]}`}
                onClick={() => setDay(day, [...ranges, { from: '12:00', to: '13:00' }])}
              >
                Add time range
              </Button>
            </Box>
          </Box>
        );
      })}
    </Stack>
  );
}

export function BookingsStep({ locations, loading }: { locations: WizardLocation[]; loading: boolean }) {
  const { control, register, watch, setValue, getValues, formState } = useFormContext<WizardValues>();
  const { errors } = formState;
  const unavailableOn = watch('booking.switch');

  // A brand with a single location books there: select it for them.
  useEffect(() => {
    const only = locations.length === 1 ? locations[0] : undefined;
    if (only && getValues('locations').length === 0) setValue('locations', [only.id]);
  }, [locations, getValues, setValue]);

  return (
    <Stack spacing={3}>
      <Controller
        control={control}
        name="locations"
        render={({ field, fieldState }) => (
          <FormControl component="fieldset" error={!!fieldState.error} required>
            <FormLabel component="legend">Locations</FormLabel>
            {loading ? (
              <Typography variant="body2" color="text.secondary">
                Loading your locations...
              </Typography>
            ) : null}
            <FormGroup>
              {locations.map((l) => {
                const checked = field.value.includes(l.id);
                return (
                  <FormControlLabel
                    key={l.id}
                    label={`${l.name} · ${l.address}`}
                    control={
                      <Checkbox
                        checked={checked}
                        // At least one location stays selected (spec section 5).
                        disabled={checked && field.value.length === 1}
                        onChange={(e) =>
                          field.onChange(
                            e.target.checked ? [...field.value, l.id] : field.value.filter((x) => x !== l.id),
                          )
                        }
                      />
                    }
                  />
                );
              })}
            </FormGroup>
            <FormHelperText>
              {fieldState.error?.message ??
                (locations.length === 1
                  ? 'Your only location is always included.'
                  : 'Where media users book their visit. At least one stays selected.')}
            </FormHelperText>
          </FormControl>
        )}
      />

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
        <Controller
          control={control}
          name="booking.compensation"
          render={({ field, fieldState }) => (
            <TextField
              select
              label="Compensation"
              value={field.value}
              onChange={(e) => field.onChange(Number(e.target.value))}
              onBlur={field.onBlur}
              error={!!fieldState.error}
              helperText={fieldState.error?.message ?? 'Value of the experience'}
            >
              {COMPENSATION_OPTIONS.map((v) => (
                <MenuItem key={v} value={v}>
                  {formatUsd(v * 100)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <TextField
          type="number"
          label="Max bookings per week"
          {...register('booking.max_bookings_per_week')}
          error={!!errors.booking?.max_bookings_per_week}
          helperText={errors.booking?.max_bookings_per_week?.message ?? MSG.maxBookingsHint}
          slotProps={{ htmlInput: { min: 1, max: LIMITS.maxBookingsPerWeekMax, inputMode: 'numeric' } }}
        />
        <Controller
          control={control}
          name="booking.max_guests"
          render={({ field, fieldState }) => (
            <TextField
              select
              label="Max guests"
              value={field.value}
              onChange={(e) => field.onChange(Number(e.target.value))}
              onBlur={field.onBlur}
              error={!!fieldState.error}
              helperText={fieldState.error?.message ?? 'Per booking, including the visitor'}
            >
              {MAX_GUESTS_OPTIONS.map((v) => (
                <MenuItem key={v} value={v}>
                  {v}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Box>

      <Controller
        control={control}
        name="booking.information_only"
        render={({ field }) => (
          <FormControlLabel
            control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
            label="Information only (media users cannot request a booking)"
          />
        )}
      />
      <TextField
        label="Tip for visitors"
        multiline
        minRows={2}
        {...register('booking.tip')}
        error={!!errors.booking?.tip}
        helperText={errors.booking?.tip?.message ?? 'Optional: anything that makes the visit go smoothly'}
        slotProps={{ htmlInput: { maxLength: TIP_MAX } }}
      />

      <Box component="section" aria-labelledby="comp-terms-title">
        <Typography id="comp-terms-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          What the comp covers
        </Typography>
        <Stack spacing={2}>
          <Controller
            control={control}
            name="booking.includes"
            render={({ field, fieldState }) => (
              <TextField
                label="Included (one per line)"
                id="booking-includes"
                multiline
                minRows={3}
                value={field.value.join('\n')}
                onChange={(e) => field.onChange(e.target.value.split('\n'))}
                onBlur={field.onBlur}
                error={!!fieldState.error || !!errors.booking?.includes}
                helperText={
                  errors.booking?.includes?.message ??
                  (Array.isArray(errors.booking?.includes)
                    ? errors.booking.includes.find(Boolean)?.message
                    : undefined) ??
                  `Up to ${SLOT_RULES.includesMax} short lines, e.g. "Tasting menu for two". Shown at the door.`
                }
              />
            )}
          />
          <TextField
            label="Allowance cap in dollars (optional)"
            id="booking-allowance"
            type="number"
            {...register('booking.allowance')}
            error={!!errors.booking?.allowance}
            helperText={errors.booking?.allowance?.message ?? 'Leave empty for no cap'}
            slotProps={{ htmlInput: { min: 1, max: SLOT_RULES.allowanceMax, inputMode: 'numeric' } }}
          />
          <Controller
            control={control}
            name="booking.guest_policy"
            render={({ field, fieldState }) => (
              <TextField
                select
                label="Guest policy"
                id="booking-guest-policy"
                value={field.value ?? ''}
                onChange={(e) => field.onChange(e.target.value === '' ? null : e.target.value)}
                onBlur={field.onBlur}
                error={!!fieldState.error}
                helperText={fieldState.error?.message ?? 'Whether visitors may or must bring guests (up to Max guests)'}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value="">Not set (1 to Max guests, as before)</option>
                <option value="none">No guests</option>
                <option value="optional">Guests optional</option>
                <option value="required">Guests required</option>
              </TextField>
            )}
          />
        </Stack>
      </Box>

      <Box component="section" aria-labelledby="unavailable-title">
        <Typography id="unavailable-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          Unavailable times
        </Typography>
        <Controller
          control={control}
          name="booking.switch"
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
              label="Block times when visits cannot be booked"
            />
          )}
        />
        {unavailableOn ? <UnavailableTimes /> : null}
      </Box>
    </Stack>
  );
}
