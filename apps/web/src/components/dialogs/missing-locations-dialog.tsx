import { lazyDialog } from '../../lib/lazy-dialog';

/** A brand with no location cannot create a campaign (missing-locations-dialog-view.tsx); loads after the page's content. */
export const MissingLocationsDialog = lazyDialog<{ open: boolean; onClose: () => void }>(() =>
  import('./missing-locations-dialog-view').then((m) => m.MissingLocationsDialogView),
);
