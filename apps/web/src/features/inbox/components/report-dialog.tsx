import { MSG } from '@comped/shared/messages';
import { reportConversationSchema } from '@comped/shared/validation/conversations';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useId, useState } from 'react';

import { ApiError } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import { useReportConversation } from '../api/report-conversation';

/** Report: the user tells the Comped team what is wrong with a conversation. */
export function ReportDialog({ conversationId, onClose }: { conversationId: number; onClose: () => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const report = useReportConversation(conversationId);
  const snackbar = useSnackbar();
  const submit = async () => {
    const checked = reportConversationSchema.safeParse({ reason });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? MSG.required);
      return;
    }
    try {
      await report.mutateAsync(checked.data.reason);
      snackbar('Thank you. Our team will look at this conversation.');
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.isValidation) setError(err.field('reason') ?? err.message);
      else if (err instanceof ApiError && err.status === 409) {
        snackbar(err.message, 'info');
        onClose();
      } else snackbar(MSG.somethingWrong, 'error');
    }
  };
  return (
    <Dialog
      open
      onClose={report.isPending ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      fullWidth
      maxWidth="sm"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id={`${id}-title`}>Report this conversation</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            The Comped team will read this conversation and can close it. The other side is not told who reported it.
          </DialogContentText>
          <TextField
            autoFocus
            label="What is wrong?"
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setError(null);
            }}
            multiline
            minRows={3}
            fullWidth
            error={!!error}
            helperText={error ?? ' '}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={report.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color="error" loading={report.isPending}>
            Report
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
