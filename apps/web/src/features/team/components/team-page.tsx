import { LIMITS } from '@comped/shared/limits';
import { MSG } from '@comped/shared/messages';
import type { MemberResource } from '@comped/shared/validation/members';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';

import { useLocations } from '../../../api/locations';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { PageTitle } from '../../../components/page-title';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/form-errors';
import { useSnackbar } from '../../../lib/snackbar';
import { useUser } from '../../../lib/use-session';
import { useInviteMember } from '../api/invite-member';
import { useMembers } from '../api/members';
import { useRemoveMember } from '../api/remove-member';
import { MemberDialog } from './member-dialog';

/** /profile/team (the owner): the brand's managers and hosts, invitations, changes, removal. */
export function TeamPage() {
  const user = useUser();
  const brandId = user.profile.brands[0]?.id ?? 0;
  const members = useMembers(brandId);
  const locations = useLocations();
  const [editing, setEditing] = useState<MemberResource | 'new' | null>(null);
  const [removing, setRemoving] = useState<MemberResource | null>(null);

  const locationName = (id: number) => locations.data?.find((l) => l.id === id)?.name ?? `Location ${id}`;
  const full = (members.data?.length ?? 0) >= LIMITS.brandMembers;

  let body;
  if (members.isPending || locations.isPending) body = <Loading label="Loading your team" />;
  else if (members.isError || locations.isError) {
    body = (
      <LoadError
        onRetry={() => {
          void members.refetch();
          void locations.refetch();
        }}
      />
    );
  } else if (members.data.length === 0) {
    body = (
      <EmptyState
        title="No team members yet"
        text="Invite a manager to run campaigns with you, or a host to check guests in at the door."
      />
    );
  } else {
    body = (
      <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {members.data.map((m) => (
          <Card key={m.id} component="li" variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h2" sx={{ wordBreak: 'break-word' }}>
                {m.name ?? m.email}
              </Typography>
              {m.name ? (
                <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
                  {m.email}
                </Typography>
              ) : null}
              <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
                <Chip label={m.role === 'manager' ? 'Manager' : 'Host'} color="primary" size="small" />
                <Chip
                  label={m.status === 'active' ? 'Active' : 'Invited'}
                  variant="outlined"
                  size="small"
                  color={m.status === 'active' ? 'success' : 'default'}
                />
              </Stack>
              {m.role === 'host' ? (
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {m.location_ids.map(locationName).join(', ')}
                </Typography>
              ) : null}
            </CardContent>
            <CardActions sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              {m.status === 'invited' ? <ResendButton brandId={brandId} member={m} /> : null}
              <Button onClick={() => setEditing(m)} aria-label={`Change role of ${m.name ?? m.email}`}>
                Change role
              </Button>
              <Button color="error" onClick={() => setRemoving(m)} aria-label={`Remove ${m.name ?? m.email}`}>
                Remove
              </Button>
            </CardActions>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Box sx={{ maxWidth: 720 }}>
      <PageTitle>Team</PageTitle>
      <Typography sx={{ mb: 2 }} color="text.secondary">
        Managers run everything but the plan, payment and the team. Hosts answer and check in the bookings of their
        locations. Up to {LIMITS.brandMembers} members.
      </Typography>
      <Button
        variant="contained"
        startIcon={<PersonAddIcon />}
        onClick={() => setEditing('new')}
        disabled={!members.data || !locations.data || full}
        sx={{ mb: 3, minHeight: 48 }}
      >
        Invite a member
      </Button>
      {full ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {MSG.memberLimitReached}
        </Alert>
      ) : null}
      {body}
      {editing && locations.data ? (
        <MemberDialog
          brandId={brandId}
          locations={locations.data}
          member={editing === 'new' ? undefined : editing}
          team={members.data}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {removing ? <RemoveDialog brandId={brandId} member={removing} onClose={() => setRemoving(null)} /> : null}
    </Box>
  );
}

/**
 * An invitation sent again: the same e-mail, role and locations, a new link (the old one stops
 * working), also when the team is full (it stays one member).
 */
function ResendButton({ brandId, member }: { brandId: number; member: MemberResource }) {
  const invite = useInviteMember(brandId);
  const snackbar = useSnackbar();
  return (
    <Button
      onClick={() =>
        invite.mutate(
          { email: member.email, role: member.role, location_ids: member.location_ids },
          {
            onSuccess: () => snackbar(`The invitation was sent again to ${member.email}.`),
            onError: (err) => snackbar(errorMessage(err, MSG.somethingWrong), 'error'),
          },
        )
      }
      loading={invite.isPending}
      aria-label={`Resend invitation to ${member.email}`}
    >
      Resend invitation
    </Button>
  );
}

function RemoveDialog({ brandId, member, onClose }: { brandId: number; member: MemberResource; onClose: () => void }) {
  const id = useId();
  const remove = useRemoveMember(brandId);
  const snackbar = useSnackbar();
  const [alert, setAlert] = useState<string | null>(null);
  const who = member.name ?? member.email;
  const onRemove = () =>
    remove.mutate(member.id, {
      onSuccess: () => {
        snackbar(`${who} was removed.`);
        onClose();
      },
      onError: (err) => setAlert(err instanceof ApiError && err.status < 500 ? err.message : MSG.somethingWrongDot),
    });
  return (
    <Dialog open onClose={remove.isPending ? undefined : onClose} aria-labelledby={`${id}-title`}>
      <DialogTitle id={`${id}-title`}>Remove {who}?</DialogTitle>
      <DialogContent>
        {alert ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {alert}
          </Alert>
        ) : null}
        <DialogContentText>
          {member.status === 'active'
            ? `${who} is signed out at once and can no longer open the workspace.`
            : 'The invitation link stops working.'}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={onRemove} disabled={remove.isPending}>
          Remove
        </Button>
      </DialogActions>
    </Dialog>
  );
}
