import { maxChars } from '@comped/shared/messages';
import { rejectCampaignSchema, REVIEW_REASON_MAX } from '@comped/shared/validation/campaign-review';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useForm } from 'react-hook-form';

import { formResolver } from '../../../lib/forms/form-resolver';

interface RejectCampaignDialogProps {
  open: boolean;
  campaignName: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: (reason: string) => void;
}

/** Staff: the reason the brand will read on its draft (required). */
export function RejectCampaignDialog({ open, campaignName, busy, onClose, onSubmit }: RejectCampaignDialogProps) {
  const { register, handleSubmit, formState, reset } = useForm<{ reason: string }>({
    resolver: formResolver(rejectCampaignSchema),
    defaultValues: { reason: '' },
  });
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="reject-campaign-title">
      <form noValidate onSubmit={(e) => void handleSubmit((v) => onSubmit(v.reason))(e)}>
        <DialogTitle id="reject-campaign-title">Send “{campaignName}” back to draft</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            The brand sees this reason on its draft and receives it by e-mail.
          </DialogContentText>
          <TextField
            {...register('reason')}
            label="Reason"
            required
            autoFocus
            fullWidth
            multiline
            minRows={3}
            error={!!formState.errors.reason}
            helperText={formState.errors.reason?.message ?? maxChars(REVIEW_REASON_MAX)}
            slotProps={{ htmlInput: { maxLength: REVIEW_REASON_MAX } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color="error" loading={busy}>
            Send back to draft
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
