import AddToHomeScreenIcon from '@mui/icons-material/AddToHomeScreen';
import CloseIcon from '@mui/icons-material/Close';
import { Alert, AlertTitle, Button, IconButton } from '@mui/material';
import { useState, useSyncExternalStore } from 'react';

import {
  canOfferInstall,
  isIosSafari,
  offerInstall,
  runsInstalled,
  subscribeInstallOffer,
  wasInstalled,
} from '../../../lib/pwa/install-prompt';

/** Remembered on this browser once the hint was closed or the app installed: it never shows again. */
export const INSTALL_HINT_KEY = 'comped.install-hint-done';

function remembered(): boolean {
  try {
    return localStorage.getItem(INSTALL_HINT_KEY) !== null;
  } catch {
    return false;
  }
}

function remember(): void {
  try {
    localStorage.setItem(INSTALL_HINT_KEY, new Date().toISOString());
  } catch {
    // Private browsing without storage: the hint may show again, nothing worse.
  }
}

const offerState = () => (wasInstalled() ? 'installed' : canOfferInstall() ? 'offer' : 'none');

/**
 * "Add to Home Screen" on the media dashboard, until it is closed or the app installed: with the
 * browser's own install dialog where there is one (Chromium), and how to do it on iPhone and iPad,
 * where Safari has none. Never shown inside the installed app.
 */
export function InstallHint() {
  const [done, setDone] = useState(remembered);
  const offer = useSyncExternalStore(subscribeInstallOffer, offerState, () => 'none');
  if (done || offer === 'installed' || runsInstalled()) return null;
  const ios = isIosSafari();
  if (offer !== 'offer' && !ios) return null;
  const close = () => {
    remember();
    setDone(true);
  };
  const install = async () => {
    if (await offerInstall().catch(() => false)) close();
  };
  return (
    <Alert
      severity="info"
      icon={<AddToHomeScreenIcon />}
      action={
        <>
          {offer === 'offer' ? (
            <Button color="inherit" size="small" onClick={() => void install()}>
              Add to Home Screen
            </Button>
          ) : null}
          <IconButton color="inherit" size="small" aria-label="Close the Add to Home Screen hint" onClick={close}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </>
      }
    >
      <AlertTitle>Add Comped to your Home Screen</AlertTitle>
      {ios
        ? 'Tap Share, then "Add to Home Screen": Comped opens like an app, and your visit pass shows even without a connection.'
        : 'Comped opens like an app, and your visit pass shows even without a connection.'}
    </Alert>
  );
}
