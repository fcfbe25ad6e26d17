import { MSG } from '@comped/shared/messages';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router';

import { useDeleteCampaign } from '../../../api/campaigns';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { paths } from '../../../config/paths';
import { useSnackbar } from '../../../lib/snackbar';

/** A draft can be discarded (spec section 4): asks first, then deletes it and goes to the list. */
export function DiscardDraftButton({ campaignId, disabled }: { campaignId: number; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const deleteCampaign = useDeleteCampaign();
  const showSnackbar = useSnackbar();

  function discard() {
    // Forgets the draft's detail and refreshes every campaign list.
    deleteCampaign.mutate(campaignId, {
      onSuccess: () => {
        showSnackbar('The draft was discarded', 'success');
        navigate(paths.campaigns.getHref());
      },
      onError: () => {
        showSnackbar(MSG.somethingWrong, 'error');
        setOpen(false);
      },
    });
  }

  return (
    <>
      <Button color="error" disabled={disabled} onClick={() => setOpen(true)}>
        Discard draft
      </Button>
      <ConfirmDialog
        open={open}
        title="Discard this draft?"
        confirmLabel="Discard"
        cancelLabel="Keep editing"
        destructive
        busy={deleteCampaign.isPending || deleteCampaign.isSuccess}
        onConfirm={discard}
        onClose={() => setOpen(false)}
      >
        The draft and its photos will be deleted. This cannot be undone.
      </ConfirmDialog>
    </>
  );
}
