import { lazyDialog } from '../../lib/lazy-dialog';
import type { ConfirmDialogProps } from './confirm-dialog-view';

/** A yes/no question before an action (confirm-dialog-view.tsx); its code loads after the page's content. */
export const ConfirmDialog = lazyDialog<ConfirmDialogProps>(() =>
  import('./confirm-dialog-view').then((m) => m.ConfirmDialogView),
);
