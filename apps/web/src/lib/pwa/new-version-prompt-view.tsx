import { Alert, Button, Snackbar } from '@mui/material';
import { useState } from 'react';
import { MSG } from '@comped/shared/messages';
import { applyNewVersion } from './new-version';

/**
 * The prompt itself: it stays until the user acts (an update is not taken behind their back, nor in
 * the middle of a form). Reload hands over to the new version; every open page of the app reloads.
 */
export default function NewVersionPromptView() {
  const [reloading, setReloading] = useState(false);
  return (
    <Snackbar open anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
      <Alert
        severity="info"
        variant="filled"
        sx={{ alignItems: 'center', bgcolor: 'secondary.main' }}
        action={
          <Button
            color="inherit"
            size="small"
            variant="outlined"
            aria-busy={reloading}
            onClick={() => {
              if (reloading) return;
              setReloading(true);
              applyNewVersion();
            }}
          >
            {reloading ? 'Reloading…' : 'Reload'}
          </Button>
        }
      >
        {MSG.newVersionReady}
      </Alert>
    </Snackbar>
  );
}
