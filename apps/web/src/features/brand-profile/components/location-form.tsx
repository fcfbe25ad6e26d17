import { LIMITS } from '@comped/shared/limits';
import { MSG } from '@comped/shared/messages';
import type { LocationResource } from '@comped/shared/schemas/resources';
import type { Weekday } from '@comped/shared/time';
import { formatTime12, HALF_HOUR_SLOTS, WEEKDAYS } from '@comped/shared/time';
import type { LocationInput } from '@comped/shared/validation/location';
import { DEFAULT_OPEN_HOURS, locationSchema } from '@comped/shared/validation/location';
import { Alert, Box, Button, FormControlLabel, Paper, Stack, Switch, TextField, Typography } from '@mui/material';
import { memo, useState } from 'react';
import type { Control, Path } from 'react-hook-form';
import { Controller, useController, useForm, useFormState, useWatch } from 'react-hook-form';

import { ApiError } from '../../../lib/api-client';
import { muiRegister } from '../../../lib/form-errors';
import { mappedFormResolver } from '../../../lib/forms/form-resolver';

interface DayState {
  open: boolean;
  start_time: string;
  end_time: string;
}
export interface LocationFormValues {
  name: string;
  address: string;
  email: string;
  phone: string;
  contact: string;
  /** The place's US ZIP; empty takes the brand's. */
  zip: string;
  time_zone: string;
  days: Record<Weekday, DayState>;
}

const REQUIRED = ['name', 'address', 'email', 'phone', 'contact'] as const;
const dayLabel = (d: Weekday) => d.charAt(0).toUpperCase() + d.slice(1);

function timeZones(current: string): string[] {
  let zones: string[];
  try {
    zones = (Intl as unknown as { supportedValuesOf(k: string): string[] }).supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  return zones.includes(current) ? zones : [current, ...zones];
}

export function initialValues(location: LocationResource | undefined, tzDefault: string): LocationFormValues {
  const days = Object.fromEntries(
    WEEKDAYS.map((day) => {
      const h = location?.hours.find((x) => x.day === day);
      return [
        day,
        h ? { open: true, start_time: h.start_time, end_time: h.end_time } : { open: !location, ...DEFAULT_OPEN_HOURS },
      ];
    }),
  ) as Record<Weekday, DayState>;
  return {
    name: location?.name ?? '',
    address: location?.address ?? '',
    email: location?.email ?? '',
    phone: location?.phone ?? '',
    contact: location?.contact ?? '',
    zip: location?.zip ?? '',
    time_zone: location?.time_zone ?? tzDefault,
    days,
  };
}

/** The payload of POST/PUT locations: open days only, in week order. */
export function toPayload(values: LocationFormValues): LocationInput {
  return {
    name: values.name,
    address: values.address,
    email: values.email,
    phone: values.phone,
    contact: values.contact,
    zip: values.zip.trim(),
    time_zone: values.time_zone,
    hours: WEEKDAYS.filter((d) => values.days[d].open).map((day) => ({
      day,
      start_time: values.days[day].start_time,
      end_time: values.days[day].end_time,
    })),
  };
}

/** The form field of a payload path: `hours.0.end_time` (the first open day) -> `days.monday.end_time`. */
export function formFieldOf(path: string, values: LocationFormValues): string {
  const m = /^hours\.(\d+)\.(\w+)$/.exec(path);
  if (!m) return path;
  const openDays = WEEKDAYS.filter((d) => values.days[d].open);
  return `days.${openDays[Number(m[1])] ?? 'monday'}.${m[2]}`;
}

type LocationControl = Control<LocationFormValues, unknown, LocationInput>;

/** The shared location rules, checked on the payload the form sends, their messages under the form's fields. */
const resolver = mappedFormResolver(locationSchema, toPayload, formFieldOf);

/**
 * Add or edit a location: Save is enabled once name, address, email, phone and contact are filled
 * and no open day starts when it ends; the shared rules and the server's 422 messages show under
 * their fields.
 */
export function LocationForm(props: {
  location?: LocationResource;
  tzDefault: string;
  onSubmit: (payload: LocationInput) => Promise<unknown>;
  onCancel: () => void;
  onDelete?: () => void;
}) {
  const { control, register, handleSubmit, setError, getValues, formState } = useForm<
    LocationFormValues,
    unknown,
    LocationInput
  >({
    defaultValues: initialValues(props.location, props.tzDefault),
    resolver,
  });
  const [formError, setFormError] = useState<string | null>(null);
  const saving = formState.isSubmitting;
  const errors = formState.errors;

  const onValid = async (payload: LocationInput) => {
    setFormError(null);
    try {
      await props.onSubmit(payload);
    } catch (err) {
      // The page reports anything but a 422; a 422's messages go under their fields (or above Save).
      if (!(err instanceof ApiError && err.isValidation)) return;
      const fields = Object.entries(err.errors);
      if (fields.length === 0) setFormError(err.message);
      for (const [path, messages] of fields) {
        const name = formFieldOf(path, getValues()) as Path<LocationFormValues>;
        if (messages[0]) setError(name, { type: 'server', message: messages[0] });
      }
    }
  };

  const field = (key: (typeof REQUIRED)[number], label: string, max: number, extra: Record<string, unknown> = {}) => (
    <TextField
      id={`location-${key}`}
      label={label}
      {...muiRegister(register, key)}
      required
      fullWidth
      error={!!errors[key]}
      helperText={errors[key]?.message}
      slotProps={{ htmlInput: { maxLength: max } }}
      {...extra}
    />
  );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack
        component="form"
        spacing={2}
        noValidate
        aria-label="Location"
        onSubmit={(event) => void handleSubmit(onValid)(event)}
      >
        {field('name', 'Location name', LIMITS.name)}
        {field('address', 'Address', LIMITS.streetAddress)}
        <TextField
          id="location-zip"
          label="ZIP code"
          {...muiRegister(register, 'zip')}
          fullWidth
          error={!!errors.zip}
          helperText={
            errors.zip?.message ?? "Media users searching near a ZIP find the place from here. Empty: the brand's ZIP."
          }
          slotProps={{ htmlInput: { maxLength: 5, inputMode: 'numeric', autoComplete: 'postal-code' } }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {field('email', 'Email', LIMITS.email, { type: 'email' })}
          {field('phone', 'Phone', LIMITS.phone, { type: 'tel' })}
        </Stack>
        {field('contact', 'Contact person', LIMITS.contactPerson)}
        <TimeZoneSelect control={control} />

        <Typography variant="h6" component="h2" sx={{ pt: 1 }}>
          Opening hours
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Switch a day off when the place is closed. Media users can only book inside these hours.
        </Typography>
        <Stack spacing={1.5} role="group" aria-label="Opening hours">
          {WEEKDAYS.map((day) => (
            <DayRow key={day} day={day} control={control} />
          ))}
        </Stack>
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
          <Box>
            {props.onDelete ? (
              <Button color="error" onClick={props.onDelete} disabled={saving}>
                Delete location
              </Button>
            ) : null}
          </Box>
          <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={props.onCancel} disabled={saving}>
              Cancel
            </Button>
            <SaveButton control={control} saving={saving} />
          </Stack>
        </Stack>
      </Stack>
    </Paper>
  );
}

/** Save, enabled once the required fields are filled and no open day starts when it ends. */
function SaveButton({ control, saving }: { control: LocationControl; saving: boolean }) {
  const [name, address, email, phone, contact, days] = useWatch({ control, name: [...REQUIRED, 'days'] });
  const filled = [name, address, email, phone, contact].every((v) => v.trim() !== '');
  const equalDay = WEEKDAYS.some((d) => days[d].open && days[d].start_time === days[d].end_time);
  return (
    <Button type="submit" variant="contained" disabled={!filled || equalDay || saving}>
      {saving ? 'Saving…' : 'Save'}
    </Button>
  );
}

const SLOT_OPTIONS = HALF_HOUR_SLOTS.map((s) => (
  <option key={s} value={s}>
    {formatTime12(s)}
  </option>
));

/** One day of the week: open/closed switch and start/end selects in half-hour slots. */
const DayRow = memo(function DayRow({ day, control }: { day: Weekday; control: LocationControl }) {
  const d = useWatch({ control, name: `days.${day}` });
  const { errors } = useFormState({ control, name: `days.${day}` });
  const equal = d.open && d.start_time === d.end_time;
  const startError = errors.days?.[day]?.start_time?.message;
  const endError = errors.days?.[day]?.end_time?.message || (equal ? MSG.startEndEqual : '');
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        alignItems: 'start',
        gridTemplateColumns: { xs: '1fr 1fr', sm: '180px 1fr 1fr' },
      }}
    >
      <Controller
        control={control}
        name={`days.${day}.open` as const}
        render={({ field }) => (
          <FormControlLabel
            sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, mt: { sm: 1 } }}
            control={
              <Switch
                checked={field.value}
                onChange={(e) => field.onChange(e.target.checked)}
                onBlur={field.onBlur}
                slotProps={{ input: { ref: field.ref } }}
              />
            }
            label={`${dayLabel(day)}${d.open ? '' : ' (closed)'}`}
          />
        )}
      />
      <TimeSelect
        control={control}
        name={`days.${day}.start_time` as const}
        label={`${dayLabel(day)} opens`}
        disabled={!d.open}
        error={startError}
      />
      <TimeSelect
        control={control}
        name={`days.${day}.end_time` as const}
        label={`${dayLabel(day)} closes`}
        disabled={!d.open}
        error={endError}
      />
    </Box>
  );
});

/** A half-hour slot of one day, in 12-hour labels (the phone's own picker: a native select). */
function TimeSelect(props: {
  control: LocationControl;
  name: `days.${Weekday}.start_time` | `days.${Weekday}.end_time`;
  label: string;
  disabled: boolean;
  error?: string;
}) {
  const id = `location-${props.name.split('.')[1]}-${props.name.endsWith('start_time') ? 'start' : 'end'}`;
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field }) => (
        <TextField
          id={id}
          select
          size="small"
          label={props.label}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          disabled={props.disabled}
          error={!!props.error}
          helperText={props.error || undefined}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          {SLOT_OPTIONS}
        </TextField>
      )}
    />
  );
}

function TimeZoneSelect({ control }: { control: LocationControl }) {
  const { field, fieldState } = useController({ control, name: 'time_zone' });
  // The zones the runtime knows, with the location's own first should the runtime not know it.
  const [zones] = useState(() => timeZones(field.value));
  return (
    <TextField
      id="location-time_zone"
      select
      label="Time zone"
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={!!fieldState.error}
      helperText={fieldState.error?.message || 'Booking times are shown in this time zone.'}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      fullWidth
    >
      {zones.map((z) => (
        <option key={z} value={z}>
          {z === '' ? 'Default time zone' : z.replaceAll('_', ' ')}
        </option>
      ))}
    </TextField>
  );
}
