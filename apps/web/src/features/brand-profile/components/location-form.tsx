import { Alert, Box, Button, FormControlLabel, Paper, Stack, Switch, TextField, Typography } from '@mui/material';
import { memo, useCallback, useMemo, useState } from 'react';
import { LIMITS } from '@comped/shared/limits';
import { MSG } from '@comped/shared/messages';
import type { LocationResource } from '@comped/shared/schemas/resources';
import { HALF_HOUR_SLOTS, WEEKDAYS, formatTime12 } from '@comped/shared/time';
import type { Weekday } from '@comped/shared/time';
import { DEFAULT_OPEN_HOURS, locationSchema } from '@comped/shared/validation/location';
import type { LocationInput } from '@comped/shared/validation/location';
import { ApiError } from '../../../lib/api-client';

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
    time_zone: values.time_zone,
    hours: WEEKDAYS.filter((d) => values.days[d].open).map((day) => ({
      day,
      start_time: values.days[day].start_time,
      end_time: values.days[day].end_time,
    })),
  };
}

/** Maps error keys of the payload (`hours.0.end_time`) back to the form's days (`days.monday.end_time`). */
export function mapErrors(values: LocationFormValues, errors: Record<string, string[]>): Record<string, string> {
  const openDays = WEEKDAYS.filter((d) => values.days[d].open);
  const out: Record<string, string> = {};
  for (const [key, messages] of Object.entries(errors)) {
    const m = /^hours\.(\d+)\.(\w+)$/.exec(key);
    const name = m ? `days.${openDays[Number(m[1])] ?? 'monday'}.${m[2]}` : key;
    if (messages[0] && !out[name]) out[name] = messages[0];
  }
  return out;
}

/**
 * Add or edit a location: Save is enabled once name, address, email, phone and contact are filled;
 * an open day needs different start and end times; server 422 errors show under their fields.
 */
export function LocationForm(props: {
  location?: LocationResource;
  tzDefault: string;
  onSubmit: (payload: LocationInput) => Promise<unknown>;
  onCancel: () => void;
  onDelete?: () => void;
}) {
  const [values, setValues] = useState<LocationFormValues>(() => initialValues(props.location, props.tzDefault));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const filled = REQUIRED.every((f) => values[f].trim() !== '');
  const equalDays = WEEKDAYS.filter(
    (d) => values.days[d].open && values.days[d].start_time === values.days[d].end_time,
  );

  function set<K extends keyof Omit<LocationFormValues, 'days'>>(key: K, value: string) {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '' }));
  }
  const setDay = useCallback((day: Weekday, patch: Partial<DayState>) => {
    setValues((v) => ({ ...v, days: { ...v.days, [day]: { ...v.days[day], ...patch } } }));
    setErrors((e) => ({ ...e, [`days.${day}.start_time`]: '', [`days.${day}.end_time`]: '' }));
  }, []);
  const setTimeZone = useCallback((zone: string) => {
    setValues((v) => ({ ...v, time_zone: zone }));
    setErrors((e) => ({ ...e, time_zone: '' }));
  }, []);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setFormError(null);
    const payload = toPayload(values);
    const parsed = locationSchema.safeParse(payload);
    if (!parsed.success) {
      const map: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (map[issue.path.join('.')] ??= []).push(issue.message);
      setErrors(mapErrors(values, map));
      return;
    }
    setSaving(true);
    try {
      await props.onSubmit(payload);
    } catch (err) {
      if (err instanceof ApiError && err.isValidation) {
        if (Object.keys(err.errors).length > 0) setErrors(mapErrors(values, err.errors));
        else setFormError(err.message);
      }
      throw err;
    } finally {
      setSaving(false);
    }
  }

  const field = (key: (typeof REQUIRED)[number], label: string, max: number, extra: Record<string, unknown> = {}) => (
    <TextField
      id={`location-${key}`}
      label={label}
      value={values[key]}
      onChange={(e) => set(key, e.target.value)}
      required
      fullWidth
      error={!!errors[key]}
      helperText={errors[key] || undefined}
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
        onSubmit={(e) => void submit(e).catch(() => undefined)}
      >
        {field('name', 'Location name', LIMITS.name)}
        {field('address', 'Address', LIMITS.streetAddress)}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {field('email', 'Email', LIMITS.email, { type: 'email' })}
          {field('phone', 'Phone', LIMITS.phone, { type: 'tel' })}
        </Stack>
        {field('contact', 'Contact person', LIMITS.contactPerson)}
        <TimeZoneSelect value={values.time_zone} error={errors.time_zone} onChange={setTimeZone} />

        <Typography variant="h6" component="h2" sx={{ pt: 1 }}>
          Opening hours
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Switch a day off when the place is closed. Media users can only book inside these hours.
        </Typography>
        <Stack spacing={1.5} role="group" aria-label="Opening hours">
          {WEEKDAYS.map((day) => (
            <DayRow
              key={day}
              day={day}
              state={values.days[day]}
              startError={errors[`days.${day}.start_time`]}
              endError={errors[`days.${day}.end_time`]}
              onChange={setDay}
            />
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
            <Button type="submit" variant="contained" disabled={!filled || equalDays.length > 0 || saving}>
              {saving ? 'Saving…' : 'Save'}
            </Button>
          </Stack>
        </Stack>
      </Stack>
    </Paper>
  );
}

const SLOT_OPTIONS = HALF_HOUR_SLOTS.map((s) => (
  <option key={s} value={s}>
    {formatTime12(s)}
  </option>
));

/** One day of the week: open/closed switch and start/end selects in half-hour slots. */
const DayRow = memo(function DayRow({
  day,
  state: d,
  startError,
  endError: serverEndError,
  onChange,
}: {
  day: Weekday;
  state: DayState;
  startError?: string;
  endError?: string;
  onChange: (day: Weekday, patch: Partial<DayState>) => void;
}) {
  const equal = d.open && d.start_time === d.end_time;
  const endError = serverEndError || (equal ? MSG.startEndEqual : '');
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        alignItems: 'start',
        gridTemplateColumns: { xs: '1fr 1fr', sm: '180px 1fr 1fr' },
      }}
    >
      <FormControlLabel
        sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, mt: { sm: 1 } }}
        control={<Switch checked={d.open} onChange={(e) => onChange(day, { open: e.target.checked })} />}
        label={`${dayLabel(day)}${d.open ? '' : ' (closed)'}`}
      />
      <TextField
        id={`location-${day}-start`}
        select
        size="small"
        label={`${dayLabel(day)} opens`}
        value={d.start_time}
        disabled={!d.open}
        onChange={(e) => onChange(day, { start_time: e.target.value })}
        error={!!startError}
        helperText={startError || undefined}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        {SLOT_OPTIONS}
      </TextField>
      <TextField
        id={`location-${day}-end`}
        select
        size="small"
        label={`${dayLabel(day)} closes`}
        value={d.end_time}
        disabled={!d.open}
        onChange={(e) => onChange(day, { end_time: e.target.value })}
        error={!!endError}
        helperText={endError || undefined}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        {SLOT_OPTIONS}
      </TextField>
    </Box>
  );
});

const TimeZoneSelect = memo(function TimeZoneSelect({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string;
  onChange: (zone: string) => void;
}) {
  const zones = useMemo(() => timeZones(value), [value]);
  return (
    <TextField
      id="location-time_zone"
      select
      label="Time zone"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={!!error}
      helperText={error || 'Booking times are shown in this time zone.'}
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
});
