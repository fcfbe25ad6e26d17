import { MSG } from '@comped/shared/messages';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EventIcon from '@mui/icons-material/Event';
import { Box, Button, Link, Paper, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useId, useState } from 'react';

import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { LoadError } from '../../../components/load-error';
import { useSnackbar } from '../../../lib/snackbar';
import { useCalendarFeed } from '../api/get-calendar-feed';
import { useRotateCalendarFeed } from '../api/rotate-calendar-feed';

/** The same address for calendar apps: `webcal://` opens the subscribe dialog of the system's calendar. */
export function webcalOf(url: string): string {
  return url.replace(/^https?:\/\//, 'webcal://');
}

/** Google Calendar's "add by URL", with the address filled in. */
export function googleCalendarLink(url: string): string {
  return `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcalOf(url))}`;
}

/**
 * Settings, "Calendar": the user's private feed address (decisions.md, "Calendar feeds"), to copy
 * or to open in Google Calendar or Apple Calendar, and Rotate for a new one (the old one stops).
 */
export function CalendarFeedSetting() {
  const labelId = useId();
  const feed = useCalendarFeed();
  const rotate = useRotateCalendarFeed();
  const snackbar = useSnackbar();
  const [confirming, setConfirming] = useState(false);

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      snackbar('Calendar address copied.');
    } catch {
      snackbar('Copying is not allowed here: select the address and copy it.', 'error');
    }
  };
  const renew = () =>
    rotate.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        snackbar('Your calendar address was changed.');
      },
      onError: () => {
        setConfirming(false);
        snackbar(MSG.somethingWrong, 'error');
      },
    });

  let body;
  if (feed.isPending)
    body = (
      <Box role="status" aria-label="Loading your calendar address">
        <Skeleton variant="rounded" height={56} />
      </Box>
    );
  else if (feed.isError)
    body = <LoadError onRetry={feed.refetch}>We couldn&apos;t load your calendar address.</LoadError>;
  else {
    const url = feed.data;
    body = (
      <Stack spacing={2}>
        <TextField
          label="Calendar address"
          value={url}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, onFocus: (e: { target: HTMLInputElement }) => e.target.select() } }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={() => void copy(url)}>
            Copy
          </Button>
          <Button variant="outlined" component={Link} href={googleCalendarLink(url)} target="_blank" rel="noopener">
            Add to Google Calendar
          </Button>
          <Button variant="outlined" component={Link} href={webcalOf(url)}>
            Apple Calendar
          </Button>
          <Button color="error" onClick={() => setConfirming(true)}>
            Rotate address
          </Button>
        </Stack>
      </Stack>
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }} component="section" aria-labelledby={labelId}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <EventIcon color="action" sx={{ mt: 0.5 }} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={labelId} variant="h6" component="h2">
            Calendar
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Your visits in your own calendar app, kept up to date. The address is private: anyone who has it sees your
            visits, so share it with no one.
          </Typography>
          {body}
        </Box>
      </Box>
      {confirming ? (
        <ConfirmDialog
          open
          title="Make a new calendar address?"
          confirmLabel="Rotate address"
          cancelLabel="Keep this one"
          destructive
          busy={rotate.isPending}
          onConfirm={renew}
          onClose={() => setConfirming(false)}
        >
          Calendars subscribed with the current address stop updating. Add the new address to them again.
        </ConfirmDialog>
      ) : null}
    </Paper>
  );
}
