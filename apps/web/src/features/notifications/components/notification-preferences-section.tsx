import { MSG } from '@comped/shared/messages';
import type { NotificationType } from '@comped/shared/notification-kinds';
import type { NotificationPreferences } from '@comped/shared/schemas/notifications';
import { NOTIFICATION_TYPE_LABEL } from '@comped/shared/validation/notifications';
import { Box, Button, Checkbox, FormControlLabel, FormGroup, FormHelperText, Paper, Typography } from '@mui/material';
import { useState } from 'react';

import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { useSnackbar } from '../../../lib/snackbar';
import { useUser } from '../../../lib/use-session';
import { useNotificationPreferences, useUpdateNotificationPreferences } from '../api/notification-preferences';

/** The kinds each role can receive (a brand is never told its booking was accepted). */
const KINDS_OF: Record<'brands' | 'media', readonly NotificationType[]> = {
  brands: [
    'booking_requested',
    'booking_cancelled',
    'checked_in',
    'task_completed',
    'campaign_approved',
    'campaign_sent_back',
    'dispute_settled',
    'message',
    'member_joined',
  ],
  media: [
    'booking_accepted',
    'booking_declined',
    'booking_cancelled',
    'checked_in',
    'no_show',
    'dispute_settled',
    'task_due',
    'message',
    'invitation',
  ],
};

function PreferencesForm({ saved }: { saved: NotificationPreferences }) {
  const user = useUser();
  const role = user.profile.type === 'brands' ? 'brands' : 'media';
  const [mail, setMail] = useState(saved.mail);
  const update = useUpdateNotificationPreferences();
  const snackbar = useSnackbar();
  const required = new Set<NotificationType>(saved.required);
  const changed = KINDS_OF[role].filter((t) => !required.has(t) && mail[t] !== saved.mail[t]);
  const save = async () => {
    try {
      const next = await update.mutateAsync({ mail: Object.fromEntries(changed.map((t) => [t, mail[t]])) });
      setMail(next.data.mail);
      snackbar(MSG.settingsUpdated);
    } catch {
      snackbar(MSG.somethingWrong, 'error');
    }
  };
  return (
    <Box
      component="form"
      aria-labelledby="mail-settings-title"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <FormGroup>
        {KINDS_OF[role].map((type) => (
          <Box key={type}>
            <FormControlLabel
              control={
                <Checkbox
                  checked={required.has(type) || mail[type]}
                  disabled={required.has(type)}
                  onChange={(e) => setMail({ ...mail, [type]: e.target.checked })}
                  slotProps={{ input: { 'aria-describedby': required.has(type) ? `always-${type}` : undefined } }}
                />
              }
              label={NOTIFICATION_TYPE_LABEL[type]}
            />
            {required.has(type) ? (
              <FormHelperText id={`always-${type}`} sx={{ mt: -1, ml: 4 }}>
                Always sent by e-mail
              </FormHelperText>
            ) : null}
          </Box>
        ))}
      </FormGroup>
      <Button
        type="submit"
        variant="contained"
        sx={{ mt: 2 }}
        disabled={changed.length === 0}
        loading={update.isPending}
      >
        Save e-mail settings
      </Button>
    </Box>
  );
}

/**
 * The settings page's e-mail section (issue 26): which notifications also come by e-mail. Every
 * notification shows in the bell; mails the spec requires are always sent, shown checked and locked.
 * Staff receive none, so their settings page has no such section.
 */
export function NotificationPreferencesSection() {
  const prefs = useNotificationPreferences();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3, maxWidth: 640 }}>
      <Typography id="mail-settings-title" variant="h6" component="h2" sx={{ mb: 0.5 }}>
        E-mail notifications
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        Everything shows in the bell. Choose what also comes by e-mail.
      </Typography>
      {prefs.isPending ? (
        <Loading label="Loading e-mail settings" />
      ) : prefs.isError ? (
        <LoadError onRetry={prefs.refetch} />
      ) : (
        <PreferencesForm saved={prefs.data.data} />
      )}
    </Paper>
  );
}
