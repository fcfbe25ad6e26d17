import { maxChars, MSG } from '@comped/shared/messages';
import { CONTACT_MESSAGE_MAX, contactMessageSchema } from '@comped/shared/validation/contact-brand';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { formResolver } from '../../../lib/forms/form-resolver';
import { useSnackbar } from '../../../lib/snackbar';
import { useContactBrand } from '../api/contact-brand';

interface ContactBrandDialogProps {
  open: boolean;
  onClose: () => void;
  userId: number;
  brand: { id: number; name: string };
}

/**
 * A journalist's message to a brand: required, sent by e-mail with reply-to the journalist, and the
 * start (or next message) of their conversation with the brand in the Inbox.
 */
export function ContactBrandDialog({ open, onClose, userId, brand }: ContactBrandDialogProps) {
  const snackbar = useSnackbar();
  const send = useContactBrand(userId);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const form = useForm<{ message: string }>({
    resolver: formResolver(contactMessageSchema),
    defaultValues: { message: '' },
  });
  const { register, handleSubmit, formState, reset, setError, watch } = form;
  const length = watch('message').length;

  function close() {
    reset();
    setConfirmDiscard(false);
    onClose();
  }
  function requestClose() {
    if (send.isPending) return;
    if (watch('message').trim()) setConfirmDiscard(true);
    else close();
  }

  const onSubmit = handleSubmit((values) =>
    send.mutateAsync({ message: values.message, brand_id: brand.id }).then(
      () => {
        snackbar(`Your message was sent to ${brand.name}.`);
        close();
      },
      (err: unknown) => {
        const fieldMessage = err instanceof ApiError ? err.field('message') : undefined;
        if (fieldMessage) setError('message', { message: fieldMessage });
        else if (err instanceof ApiError && (err.code === 'too_many_requests' || err.code === 'conversation_closed')) {
          snackbar(err.message, 'error');
        } else snackbar(MSG.errorSendingMessage, 'error');
      },
    ),
  );

  return (
    <>
      <Dialog open={open} onClose={requestClose} fullWidth maxWidth="sm" aria-labelledby="contact-brand-title">
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <DialogTitle id="contact-brand-title">Contact {brand.name}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              Your message is e-mailed to the brand and kept in your Inbox, where their reply arrives (or in your
              e-mail, if they answer the mail).
            </DialogContentText>
            <TextField
              {...register('message')}
              label="Message"
              required
              autoFocus
              fullWidth
              multiline
              minRows={5}
              error={!!formState.errors.message}
              helperText={
                formState.errors.message?.message ??
                `${length}/${CONTACT_MESSAGE_MAX} · ${maxChars(CONTACT_MESSAGE_MAX)}`
              }
              slotProps={{ htmlInput: { maxLength: CONTACT_MESSAGE_MAX } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={requestClose} disabled={send.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" loading={send.isPending}>
              Send message
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      <ConfirmDialog
        open={confirmDiscard}
        title="Discard your message?"
        confirmLabel="Discard"
        cancelLabel="Keep writing"
        destructive
        onClose={() => setConfirmDiscard(false)}
        onConfirm={close}
      >
        What you wrote to {brand.name} will be lost.
      </ConfirmDialog>
    </>
  );
}
