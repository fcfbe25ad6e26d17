import { MSG } from '@comped/shared/messages';
import { TIER_HINTS, TIERS } from '@comped/shared/roles';
import { REJECT_REASON_MAX, rejectSchema } from '@comped/shared/validation/auth';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { ApiError } from '../../../lib/api-client';
import { applyServerErrors, errorMessage, muiRegister } from '../../../lib/form-errors';
import { formResolver } from '../../../lib/forms/form-resolver';
import { useSnackbar } from '../../../lib/snackbar';
import type { MediaApplication } from '../api/applications';
import { useApproveApplication, useRejectApplication } from '../api/applications';

interface ReviewDialogProps {
  application: MediaApplication;
  onClose: () => void;
  /** After the decision is saved, once the dialog has closed (the card is leaving the list). */
  onDecided: () => void;
}

/** Approve: pick the tier (1-4), then confirm; the account is created and the credentials mailed. */
export function ApproveDialog({ application, onClose, onDecided }: ReviewDialogProps) {
  const approve = useApproveApplication();
  const snackbar = useSnackbar();
  const [tier, setTier] = useState<number | ''>('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (tier === '') {
      setError(MSG.required);
      return;
    }
    try {
      await approve.mutateAsync({ id: application.id, tier });
      snackbar(`${application.name} was approved. Their credentials are on the way.`);
      onClose();
      onDecided();
    } catch (err) {
      setError(
        err instanceof ApiError ? (err.field('tier') ?? err.field('email') ?? err.message) : MSG.somethingWrongDot,
      );
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="approve-title" fullWidth maxWidth="xs">
      <DialogTitle id="approve-title">Approve {application.name}?</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          This creates {application.type === 'influencer' ? 'an' : 'a'} {application.type} account for{' '}
          {application.email} and e-mails the login credentials.
        </DialogContentText>
        <TextField
          select
          label="Tier"
          required
          fullWidth
          value={tier}
          onChange={(e) => {
            setTier(Number(e.target.value));
            setError(null);
          }}
          error={!!error}
          helperText={error ?? 'Sets which campaigns the user sees.'}
        >
          {TIERS.map((t) => (
            <MenuItem key={t} value={t}>
              Tier {t} · {TIER_HINTS[application.type][t - 1]}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={approve.isPending}>
          {approve.isPending ? 'Approving…' : 'Approve'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

type RejectValues = z.input<typeof rejectSchema>;
type RejectOutput = z.output<typeof rejectSchema>;

/** Reject: a note for the applicant is required; it is e-mailed to them. */
export function RejectDialog({ application, onClose, onDecided }: ReviewDialogProps) {
  const reject = useRejectApplication();
  const snackbar = useSnackbar();
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RejectValues, unknown, RejectOutput>({
    resolver: formResolver(rejectSchema),
    defaultValues: { reason: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await reject.mutateAsync({ id: application.id, reason: values.reason });
      snackbar(`${application.name}'s application was rejected.`);
      onClose();
      onDecided();
    } catch (err) {
      if (!applyServerErrors(err, setError, ['reason'])) setAlert(errorMessage(err, MSG.somethingWrongDot));
    }
  });
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="reject-title"
      fullWidth
      maxWidth="sm"
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit } as object }}
    >
      <DialogTitle id="reject-title">Reject {application.name}?</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          The applicant receives this note by e-mail. Be kind and specific.
        </DialogContentText>
        {alert && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {alert}
          </Alert>
        )}
        <TextField
          label="Reason"
          required
          fullWidth
          multiline
          minRows={3}
          autoFocus
          {...muiRegister(register, 'reason')}
          error={!!errors.reason}
          helperText={errors.reason?.message}
          slotProps={{ htmlInput: { maxLength: REJECT_REASON_MAX } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" color="error" variant="contained" disabled={reject.isPending}>
          {reject.isPending ? 'Rejecting…' : 'Reject'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
