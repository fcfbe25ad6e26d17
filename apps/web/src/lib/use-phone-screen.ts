import { useTheme } from '@mui/material/styles';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether the screen is a phone's (below the theme's `sm` breakpoint), read on the first render so a
 * phone never draws the wide layout first, and kept current as the window turns or resizes. Plain
 * `matchMedia`: MUI's useMediaQuery lives in the shared `mui` chunk, which /campaigns paints without.
 */
export function usePhoneScreen(): boolean {
  const query = useTheme()
    .breakpoints.down('sm')
    .replace(/^@media\s*/, '');
  // Subscribed once per query, not again on every render.
  const subscribe = useCallback(
    (changed: () => void) => {
      if (typeof matchMedia !== 'function') return () => {};
      const media = matchMedia(query);
      media.addEventListener('change', changed);
      return () => media.removeEventListener('change', changed);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof matchMedia === 'function' && matchMedia(query).matches,
    () => false,
  );
}
