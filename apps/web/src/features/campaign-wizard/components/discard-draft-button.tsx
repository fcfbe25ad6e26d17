import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MSG } from '@comped/shared/messages';
import { paths } from '../../../config/paths';
import { useSnackbar } from '../../../lib/snackbar';
import { deleteCampaign } from '../api/delete-campaign';

/** A draft can be discarded (spec section 4): asks first, then deletes it and goes to the list. */
export function DiscardDraftButton({ campaignId, disabled }: { campaignId: number; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const showSnackbar = useSnackbar();

  async function discard() {
    setBusy(true);
    try {
      await deleteCampaign(campaignId);
      queryClient.removeQueries({ queryKey: ['campaigns', campaignId] });
      void queryClient.invalidateQueries({ queryKey: ['campaigns'] });
      showSnackbar('The draft was discarded', 'success');
      navigate(paths.campaigns);
    } catch {
      showSnackbar(MSG.somethingWrong, 'error');
      setBusy(false);
      setOpen(false);
    }
  }

  return (
    <>
      <Button color="error" disabled={disabled} onClick={() => setOpen(true)}>
        Discard draft
      </Button>
      <Dialog open={open} onClose={() => !busy && setOpen(false)} aria-labelledby="discard-draft-title">
        <DialogTitle id="discard-draft-title">Discard this draft?</DialogTitle>
        <DialogContent>
          <DialogContentText>The draft and its photos will be deleted. This cannot be undone.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy}>
            Keep editing
          </Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => void discard()}
            disabled={busy}
            startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            Discard
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
