import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { ReactNode } from 'react';
import { useId } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  destructive?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A yes/no question before an action: Cancel keeps the focus; while `busy` it cannot be closed. */
export function ConfirmDialogView(props: ConfirmDialogProps) {
  const id = useId();
  return (
    <Dialog
      open={props.open}
      onClose={props.busy ? undefined : props.onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
    >
      <DialogTitle id={`${id}-title`}>{props.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`} component="div">
          {props.children}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={props.busy} autoFocus>
          {props.cancelLabel ?? 'Cancel'}
        </Button>
        <Button
          variant="contained"
          color={props.destructive ? 'error' : 'primary'}
          onClick={props.onConfirm}
          loading={props.busy}
        >
          {props.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
