import { bookingsClosedSince, datesOfCampaign } from '@comped/shared/booking-window';
import type { MediaType } from '@comped/shared/roles';
import { INVITATION_NOTE_MAX } from '@comped/shared/validation/directory';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useId, useState } from 'react';

import { useApprovedCampaigns, useInviteToCampaign } from '../../api/invitations';
import { errorMessage } from '../../lib/form-errors';
import { localToday } from '../../lib/local-today';
import { useSnackbar } from '../../lib/snackbar';
import { useUser } from '../../lib/use-session';

interface InviteDialogProps {
  open: boolean;
  onClose: () => void;
  /** Who is invited: a campaign is offered only to the media types it targets. */
  creator: { id: number; name: string; type: MediaType };
}

/**
 * Invite a media user to one of the brand's approved campaigns, with a note (issue 28): from a
 * directory card and from a media user's public profile.
 */
export function InviteDialog({ open, onClose, creator }: InviteDialogProps) {
  const id = useId();
  const user = useUser();
  const brandId = user.profile.brands[0]?.id;
  const campaigns = useApprovedCampaigns(brandId, open);
  const invite = useInviteToCampaign();
  const snackbar = useSnackbar();
  const [campaignId, setCampaignId] = useState<string>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const approved = campaigns.data?.data ?? [];
  // A launch without an end date is still offered weeks after its two days of visits.
  const today = localToday();
  const taking = approved.filter((c) => !bookingsClosedSince(datesOfCampaign(c), today));
  const list = taking.filter((c) => c.target.includes(creator.type));
  const audience = creator.type === 'journalist' ? 'journalists' : 'influencers';

  async function submit() {
    if (!campaignId) {
      setError('Choose a campaign.');
      return;
    }
    setError(null);
    try {
      await invite.mutateAsync({ campaignId: Number(campaignId), body: { user_ids: [creator.id], note } });
      snackbar(`${creator.name} is invited.`);
      setNote('');
      setCampaignId('');
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'We could not send the invitation. Please try again.'));
    }
  }

  return (
    <Dialog
      open={open}
      onClose={invite.isPending ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={`${id}-title`}>Invite {creator.name}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText>
            They get a notification and an e-mail, and can book the campaign even outside its tiers.
          </DialogContentText>
          {campaigns.isSuccess && approved.length === 0 ? (
            <Alert severity="info">You have no approved campaign to invite to yet.</Alert>
          ) : campaigns.isSuccess && taking.length === 0 ? (
            <Alert severity="info">None of your approved campaigns takes visits anymore.</Alert>
          ) : campaigns.isSuccess && list.length === 0 ? (
            <Alert severity="info">None of your approved campaigns is open to {audience}.</Alert>
          ) : null}
          <TextField
            select
            label="Campaign"
            value={campaignId}
            onChange={(e) => setCampaignId(e.target.value)}
            disabled={!campaigns.isSuccess || list.length === 0}
            required
          >
            {list.map((c) => (
              <MenuItem key={c.id} value={String(c.id)}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Note (optional)"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: INVITATION_NOTE_MAX } }}
          />
          {error ? <Alert severity="error">{error}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={invite.isPending}>
          Cancel
        </Button>
        <Button variant="contained" loading={invite.isPending} onClick={() => void submit()}>
          Send invitation
        </Button>
      </DialogActions>
    </Dialog>
  );
}
