import { MSG } from '@comped/shared/messages';
import { Box } from '@mui/material';

import { useOnline } from '../lib/use-online';

/**
 * "You are offline", under the top bar of every signed-in page while the browser has no connection:
 * the app itself opens from the service worker, and what cannot load says so on its own.
 */
export function OfflineNotice({ media }: { media: boolean }) {
  const online = useOnline();
  return (
    <Box role="status" aria-live="polite">
      {online ? null : (
        <Box
          sx={{
            px: 2,
            py: 1,
            bgcolor: '#1e3a5f',
            color: '#fff',
            fontSize: 14,
          }}
        >
          <span>
            <strong>{MSG.offline}</strong>.{' '}
            {media
              ? 'Visit passes you opened before still show; anything else needs a connection.'
              : 'Comped needs a connection to load and save.'}
          </span>
        </Box>
      )}
    </Box>
  );
}
