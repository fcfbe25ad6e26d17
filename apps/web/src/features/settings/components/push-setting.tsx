import { MSG } from '@comped/shared/messages';
import NotificationsIcon from '@mui/icons-material/NotificationsActive';
import { Alert, Box, FormControlLabel, Paper, Switch, Typography } from '@mui/material';
import { useEffect, useId, useState } from 'react';

import { errorMessage } from '../../../lib/form-errors';
import { isIosSafari } from '../../../lib/pwa/install-prompt';
import {
  currentPushSubscription,
  pushAvailability,
  pushOwner,
  setPushOwner,
  subscribeThisDevice,
} from '../../../lib/pwa/push-device';
import { useSnackbar } from '../../../lib/snackbar';
import { useUser } from '../../../lib/use-session';
import { deletePushSubscription } from '../api/delete-push-subscription';
import { getPushKey } from '../api/get-push-key';
import { savePushSubscription } from '../api/save-push-subscription';

/**
 * Settings, "Notifications on this device": opt-in per device, asked only when the switch is turned
 * on (never on load). On: the browser asks for permission, subscribes with the server's key and the
 * subscription is registered (POST push/subscriptions). Off: it is removed on both sides.
 */
export function PushSetting() {
  const user = useUser();
  const snackbar = useSnackbar();
  const labelId = useId();
  const [availability, setAvailability] = useState(pushAvailability);
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    currentPushSubscription()
      .then((s) => live && setOn(s !== null && pushOwner() === String(user.id)))
      .catch(() => live && setOn(false));
    return () => {
      live = false;
    };
  }, [user.id]);

  const turnOn = async () => {
    const key = await getPushKey();
    const subscription = await subscribeThisDevice(key);
    if (!subscription) {
      setAvailability(pushAvailability());
      return;
    }
    const { endpoint, keys } = subscription;
    if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error('incomplete push subscription');
    await savePushSubscription({ endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } });
    setPushOwner(user.id);
    setOn(true);
    snackbar('Notifications are on for this device.');
  };
  const turnOff = async () => {
    const subscription = await currentPushSubscription();
    if (subscription) {
      await deletePushSubscription(subscription.endpoint);
      await subscription.unsubscribe();
    }
    setPushOwner(null);
    setOn(false);
    snackbar('Notifications are off for this device.');
  };
  const change = async (wanted: boolean) => {
    setBusy(true);
    setProblem(null);
    try {
      await (wanted ? turnOn() : turnOff());
    } catch (err) {
      setProblem(errorMessage(err, MSG.somethingWrongDot));
    } finally {
      setBusy(false);
    }
  };

  const note =
    availability === 'unsupported'
      ? isIosSafari()
        ? 'On iPhone and iPad, add Comped to your Home Screen first (Share, then "Add to Home Screen"), then turn notifications on there.'
        : 'This browser cannot receive notifications.'
      : availability === 'denied'
        ? "Notifications are blocked for Comped in this browser's settings. Allow them there, then come back."
        : 'Booking answers, reminders and messages arrive on this device even when Comped is closed.';
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }} component="section" aria-labelledby={labelId}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <NotificationsIcon color="action" sx={{ mt: 1 }} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={labelId} variant="h6" component="h2">
            Notifications
          </Typography>
          <FormControlLabel
            control={
              <Switch
                checked={on === true}
                disabled={availability !== 'available' || on === null || busy}
                onChange={(event) => void change(event.target.checked)}
              />
            }
            label="Notifications on this device"
          />
          <Typography variant="body2" color="text.secondary">
            {note}
          </Typography>
          {problem ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {problem}
            </Alert>
          ) : null}
        </Box>
      </Box>
    </Paper>
  );
}
