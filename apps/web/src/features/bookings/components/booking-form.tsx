import { bookingDateBounds, datesOfCampaign } from '@comped/shared/booking-window';
import { CATEGORY } from '@comped/shared/campaign-kinds';
import { guestPolicyLabel } from '@comped/shared/guest-policy';
import { LIMITS } from '@comped/shared/limits';
import { MSG } from '@comped/shared/messages';
import type { CampaignResource } from '@comped/shared/schemas/resources';
import type { BookingResource } from '@comped/shared/schemas/resources';
import { formatTime12, WEEKDAY_SHORT, weekdayIndexOf, weekStartOf } from '@comped/shared/time';
import { bookingFormSchema } from '@comped/shared/validation/booking';
import { guestBounds } from '@comped/shared/validation/slots';
import { Alert, Box, Button, CircularProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';

import { DatePicker } from '../../../components/pickers/date-picker';
import { ApiError } from '../../../lib/api-client';
import { formResolver } from '../../../lib/forms/form-resolver';
import { venueToday } from '../../../lib/venue-today';
import { useCreateBooking } from '../api/create-booking';
import type { WeekAvailability } from '../api/get-available-hours';
import { useWeeks } from '../api/get-available-hours';
import type { BookingResult } from './booking-result-dialog';
import { BookingResultDialog, resultOfError } from './booking-result-dialog';
import { CampaignCompTerms } from './campaign-comp-terms';
import { WaitlistOffer } from './waitlist-offer';

interface FormValues {
  guests: number;
  location_id: number | '';
  booking_date: string;
  booking_time: string;
}
interface FormOutput {
  guests: number;
  location_id: number;
  booking_date: string;
  booking_time: string;
}

const ISO = 'YYYY-MM-DD';

/** Monday of the week holding a day (weeks run Monday to Sunday: @comped/shared/time). */
function mondayOf(d: Dayjs): Dayjs {
  return dayjs(weekStartOf(d.format(ISO)));
}

function slotsOn(weeks: Map<string, WeekAvailability>, date: string | null): string[] | undefined {
  if (!date) return undefined;
  const d = dayjs(date);
  const week = weeks.get(mondayOf(d).format(ISO));
  return week ? week[WEEKDAY_SHORT[weekdayIndexOf(date)]!] : undefined;
}

/** The request form of /campaigns/{id}/book (spec sections 2 and 5). */
export function BookingForm({ campaign, userId }: { campaign: CampaignResource; userId: number }) {
  const settings = campaign.type.booking;
  const isEvent = campaign.category_id === CATEGORY.singleDayEvent;
  const maxGuests = Math.max(1, Math.min(settings?.max_guests ?? LIMITS.maxGuestsDefault, LIMITS.maxGuestsMax));
  // The campaign's guest policy (issue 30) bounds the choice; without one, 1 to max as before.
  const guestRange = guestBounds(settings?.guest_policy, maxGuests);
  const guestChoices = Array.from({ length: guestRange.max - guestRange.min + 1 }, (_, i) => guestRange.min + i);
  const policyLabel = guestPolicyLabel(settings?.guest_policy, maxGuests);
  const bounds = bookingDateBounds(datesOfCampaign(campaign));
  const maxDate = bounds.max ? dayjs(bounds.max) : undefined;
  const single = campaign.locations.length === 1 ? campaign.locations[0]!.id : '';

  const { control, handleSubmit, watch, setValue, formState } = useForm<FormValues, unknown, FormOutput>({
    resolver: formResolver(bookingFormSchema),
    defaultValues: {
      guests: guestRange.min === 0 ? 0 : 1,
      location_id: single,
      booking_date: isEvent ? (campaign.attributes.event_date ?? '') : '',
      booking_time: '',
    },
  });
  const locationId = watch('location_id');
  const bookingDate = watch('booking_date');
  // Today at the chosen venue (before a choice, the earliest of the venues'): the API takes any slot
  // still ahead there, whatever day the phone shows.
  const chosen = campaign.locations.find((l) => l.id === locationId);
  const today = dayjs(venueToday((chosen ? [chosen] : campaign.locations).map((l) => l.time_zone)));
  const minDate = bounds.min && dayjs(bounds.min).isAfter(today) ? dayjs(bounds.min) : today;
  const firstDay = minDate.format(ISO);
  const [month, setMonth] = useState<Dayjs>(() => (bookingDate ? dayjs(bookingDate) : minDate).startOf('month'));

  // The weeks the calendar shows (within the campaign's dates), plus the chosen day's week.
  const weekStarts = useMemo(() => {
    const out = new Set<string>();
    const last = month.endOf('month');
    for (let w = mondayOf(month.startOf('month')); !w.isAfter(last); w = w.add(7, 'day')) {
      const sunday = w.add(6, 'day');
      if (sunday.isBefore(minDate, 'day') || (maxDate && w.isAfter(maxDate, 'day'))) continue;
      out.add(w.format(ISO));
    }
    if (bookingDate) out.add(mondayOf(dayjs(bookingDate)).format(ISO));
    return [...out];
    // minDate moves with the chosen venue's day (firstDay); maxDate derives from the campaign, which
    // does not change while the form is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [month, bookingDate, firstDay]);
  const weekResults = useWeeks(userId, campaign.id, locationId === '' ? null : Number(locationId), weekStarts);
  const weeks = useMemo(() => {
    const map = new Map<string, WeekAvailability>();
    for (const r of weekResults) if (r.data) map.set(r.data.week_start, r.data);
    return map;
  }, [weekResults]);
  const weeksLoading = weekResults.some((r) => r.isFetching);
  const weeksFailed = weekResults.some((r) => r.isError);

  const times = slotsOn(weeks, bookingDate || null);
  const create = useCreateBooking();
  const [result, setResult] = useState<BookingResult | null>(null);

  const onSubmit = handleSubmit((values) => {
    create.mutate(
      { campaign_id: campaign.id, ...values },
      {
        onSuccess: (res: { data: BookingResource }) => setResult({ kind: 'success', booking: res.data }),
        onError: (err) => setResult(resultOfError(err instanceof ApiError ? err : null)),
      },
    );
  });

  let timesHelper: string | undefined;
  if (locationId === '') timesHelper = MSG.firstSelectLocation;
  else if (!bookingDate) timesHelper = 'Choose a day to see the available times.';
  else if (times === undefined) timesHelper = weeksFailed ? MSG.somethingWrongDot : 'Loading available times…';
  else if (times.length === 0) timesHelper = MSG.noAvailability;

  const dateError = formState.errors.booking_date?.message;
  const timeError = formState.errors.booking_time?.message;
  const dayTimeError = dateError ?? timeError;

  return (
    <Paper
      component="form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560 }}
      aria-label="Booking request"
    >
      <Stack spacing={3}>
        <Controller
          control={control}
          name="guests"
          render={({ field, fieldState }) => (
            <TextField
              select
              label="Guests"
              id="booking-guests"
              value={field.value}
              onChange={(e) => field.onChange(Number(e.target.value))}
              onBlur={field.onBlur}
              error={!!fieldState.error}
              helperText={
                fieldState.error?.message ?? policyLabel ?? `Up to ${maxGuests} guest${maxGuests === 1 ? '' : 's'}`
              }
              slotProps={{ select: { native: true } }}
            >
              {guestChoices.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="location_id"
          render={({ field, fieldState }) => (
            <TextField
              select
              label="Book at"
              id="booking-location"
              value={field.value}
              onChange={(e) => {
                field.onChange(e.target.value === '' ? '' : Number(e.target.value));
                setValue('booking_time', '');
              }}
              onBlur={field.onBlur}
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="">Select a location</option>
              {campaign.locations.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name} — {l.address}
                </option>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="booking_date"
          render={({ field }) => (
            <DatePicker
              label={isEvent ? 'Event date' : 'Date'}
              value={field.value ? dayjs(field.value) : null}
              onChange={(v) => {
                field.onChange(v && v.isValid() ? v.format(ISO) : '');
                setValue('booking_time', '');
              }}
              readOnly={isEvent}
              minDate={isEvent ? undefined : minDate}
              maxDate={isEvent ? undefined : maxDate}
              onMonthChange={(m) => setMonth(m.startOf('month'))}
              loading={weeksLoading}
              shouldDisableDate={(day) => {
                if (locationId === '') return false;
                const slots = slotsOn(weeks, day.format(ISO));
                return slots !== undefined && slots.length === 0;
              }}
              slotProps={{
                textField: {
                  id: 'booking-date',
                  error: !!dateError,
                  helperText: isEvent ? 'The event takes place on this day.' : undefined,
                  fullWidth: true,
                },
              }}
            />
          )}
        />
        <Controller
          control={control}
          name="booking_time"
          render={({ field }) => (
            <TextField
              select
              label="Available times"
              id="booking-time"
              value={field.value}
              onChange={(e) => field.onChange(e.target.value)}
              onBlur={field.onBlur}
              disabled={!times || times.length === 0}
              error={!!timeError}
              helperText={timesHelper}
              slotProps={{
                select: { native: true },
                inputLabel: { shrink: true },
                // The hint must stay readable while the list is empty (disabled).
                formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } },
              }}
            >
              <option value="">{times?.length ? 'Select a time' : '—'}</option>
              {(times ?? []).map((s) => (
                <option key={s} value={s}>
                  {formatTime12(s)}
                </option>
              ))}
            </TextField>
          )}
        />
        {dayTimeError ? (
          <Alert severity="error" role="alert">
            {dayTimeError}
          </Alert>
        ) : null}
        {settings?.compensation ? (
          <Typography variant="body2" color="text.secondary">
            Complimentary experience worth ${settings.compensation}.{settings.tip ? ` ${settings.tip}` : ''}
          </Typography>
        ) : null}
        <CampaignCompTerms booking={settings} />
        {locationId !== '' ? (
          <WaitlistOffer
            userId={userId}
            campaignId={campaign.id}
            locationId={Number(locationId)}
            fullWeeks={[...weeks.values()].filter((w) => w.full).map((w) => w.week_start)}
          />
        ) : null}
        <Box>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={create.isPending}
            startIcon={create.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            Request now
          </Button>
        </Box>
      </Stack>
      <BookingResultDialog result={result} onClose={() => setResult(null)} />
    </Paper>
  );
}
