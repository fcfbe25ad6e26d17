import { MSG } from '@comped/shared/messages';
import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';

interface CompleteTaskDialogProps {
  open: boolean;
  brandName: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Complete task": the user confirms they are telling the brand that all requirements are complete. */
export function CompleteTaskDialog({ open, brandName, pending, onConfirm, onCancel }: CompleteTaskDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onCancel}
      aria-labelledby="complete-task-title"
      aria-describedby="complete-task-text"
    >
      <DialogTitle id="complete-task-title">{MSG.completeTaskTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id="complete-task-text">
          You are notifying {brandName} that all requirements of this task are complete. This cannot be undone.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={onConfirm}
          disabled={pending}
          startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}
          autoFocus
        >
          All good
        </Button>
      </DialogActions>
    </Dialog>
  );
}
