import { MSG } from '@comped/shared/messages';
import { Alert, Button, Snackbar, ThemeProvider } from '@mui/material';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';

import { theme } from '../theme';

/**
 * "A new version is ready" with Reload. It stays until the user acts: an update is not taken behind
 * their back, nor in the middle of a form. Reload hands over to the new version, and every open page
 * of the app reloads into it (lib/pwa/register-service-worker.ts).
 */
function NewVersionPrompt({ onReload }: { onReload: () => void }) {
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
              onReload();
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

/**
 * Shows the prompt in a root of its own beside the app's: it is loaded, with MUI's Snackbar, only
 * when a new version waits, so no page's first download carries it.
 */
export function showNewVersionPrompt(onReload: () => void): void {
  if (document.getElementById('new-version-prompt')) return;
  const host = document.createElement('div');
  host.id = 'new-version-prompt';
  document.body.append(host);
  createRoot(host).render(
    <ThemeProvider theme={theme}>
      <NewVersionPrompt onReload={onReload} />
    </ThemeProvider>,
  );
}
