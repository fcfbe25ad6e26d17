import { MSG } from '@comped/shared/messages';
import type { MemberRole } from '@comped/shared/roles';
import type { LocationResource } from '@comped/shared/schemas/resources';
import type { MemberResource } from '@comped/shared/validation/members';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import type { FormEvent } from 'react';
import { useId, useState } from 'react';

import { ApiError } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import { useInviteMember } from '../api/invite-member';
import { useUpdateMember } from '../api/update-member';

const ROLE_HINTS: Record<MemberRole, string> = {
  manager: 'Everything but the plan, payment and the team: campaigns, bookings, the profile.',
  host: 'The bookings of their locations: answer, check in, rate, message. Read-only elsewhere.',
};

const ROLE_NAMES: Record<MemberRole, string> = { manager: 'a manager', host: 'a host' };

/**
 * Invite a manager or a host (no `member`), or change a member's role and locations. Full screen
 * on a phone. An address the team already holds is named before sending: a pending invitation is
 * replaced by the new one (its link stops working), an active member cannot be invited again.
 */
export function MemberDialog({
  brandId,
  locations,
  member,
  team = [],
  onClose,
}: {
  brandId: number;
  locations: LocationResource[];
  member?: MemberResource;
  /** The team as listed, to name an address it already holds. */
  team?: MemberResource[];
  onClose: () => void;
}) {
  const id = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const snackbar = useSnackbar();
  const invite = useInviteMember(brandId);
  const update = useUpdateMember(brandId);
  const pending = invite.isPending || update.isPending;
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>(member?.role ?? 'host');
  const [locationIds, setLocationIds] = useState<number[]>(
    member?.location_ids ?? (locations.length === 1 ? [locations[0]!.id] : []),
  );
  // Until the owner picks a role or a location, an address with a pending invitation brings its
  // role and locations: resending the same invitation is the common case.
  const [chosen, setChosen] = useState(false);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [alert, setAlert] = useState<string | null>(null);

  const typed = email.trim().toLowerCase();
  const known = member || !typed ? undefined : team.find((m) => m.email.toLowerCase() === typed);
  const replaces = known?.status === 'invited' ? known : undefined;
  const emailHint = known
    ? known.status === 'active'
      ? `${known.name ?? known.email} is already on your team: change their role from the team page.`
      : `${known.email} already has an invitation as ${ROLE_NAMES[known.role]}. Sending this one replaces it, and the earlier link stops working.`
    : 'We e-mail them a link to join, valid for 7 days.';

  const toggle = (locationId: number) => {
    setChosen(true);
    setLocationIds((ids) => (ids.includes(locationId) ? ids.filter((x) => x !== locationId) : [...ids, locationId]));
  };

  const onEmail = (value: string) => {
    setEmail(value);
    const match = team.find((m) => m.status === 'invited' && m.email.toLowerCase() === value.trim().toLowerCase());
    if (match && !chosen) {
      setRole(match.role);
      setLocationIds(match.location_ids);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setAlert(null);
    const local: Record<string, string> = {};
    if (!member && !email.trim()) local.email = MSG.required;
    if (role === 'host' && locationIds.length === 0) local.location_ids = MSG.memberHostNeedsLocation;
    if (Object.keys(local).length > 0) {
      setErrors(local);
      return;
    }
    const location_ids = role === 'host' ? locationIds : [];
    try {
      if (member) {
        await update.mutateAsync({ memberId: member.id, body: { role, location_ids } });
        snackbar('Saved.');
      } else {
        await invite.mutateAsync({ email: email.trim(), role, location_ids });
        snackbar(replaces ? `A new invitation was sent to ${email.trim()}.` : `Invitation sent to ${email.trim()}.`);
      }
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 422 && (err.field('email') || err.field('location_ids'))) {
        setErrors({ email: err.field('email'), location_ids: err.field('location_ids') });
      } else if (err instanceof ApiError && err.status < 500) setAlert(err.message);
      else setAlert(MSG.somethingWrongDot);
    }
  };

  return (
    <Dialog
      open
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      onClose={pending ? undefined : onClose}
      aria-labelledby={`${id}-title`}
    >
      <Box
        component="form"
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        sx={{ display: 'flex', flexDirection: 'column', flex: 1 }}
      >
        <DialogTitle id={`${id}-title`}>
          {member ? `Change ${member.name ?? member.email}` : 'Invite a team member'}
        </DialogTitle>
        <DialogContent>
          {alert ? (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {alert}
            </Alert>
          ) : null}
          {member ? null : (
            <TextField
              label="Email"
              type="email"
              autoComplete="off"
              required
              fullWidth
              autoFocus
              value={email}
              onChange={(e) => onEmail(e.target.value)}
              error={!!errors.email}
              helperText={errors.email ?? emailHint}
              sx={{ mt: 1, mb: 2 }}
            />
          )}
          <FormControl component="fieldset" sx={{ mb: 2 }}>
            <FormLabel component="legend">Role</FormLabel>
            <RadioGroup
              value={role}
              onChange={(e) => {
                setChosen(true);
                setRole(e.target.value as MemberRole);
              }}
            >
              {(['manager', 'host'] as const).map((r) => (
                <FormControlLabel
                  key={r}
                  value={r}
                  control={<Radio />}
                  label={
                    <Box sx={{ py: 0.5 }}>
                      <Box component="span" sx={{ fontWeight: 600 }}>
                        {r === 'manager' ? 'Manager' : 'Host'}
                      </Box>
                      <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: 14 }}>
                        {ROLE_HINTS[r]}
                      </Box>
                    </Box>
                  }
                />
              ))}
            </RadioGroup>
          </FormControl>
          {role === 'host' ? (
            <FormControl component="fieldset" error={!!errors.location_ids} sx={{ display: 'block' }}>
              <FormLabel component="legend">Locations</FormLabel>
              <FormGroup>
                {locations.map((l) => (
                  <FormControlLabel
                    key={l.id}
                    control={<Checkbox checked={locationIds.includes(l.id)} onChange={() => toggle(l.id)} />}
                    label={l.name}
                  />
                ))}
              </FormGroup>
              <FormHelperText>{errors.location_ids ?? 'The host sees the bookings of these locations.'}</FormHelperText>
            </FormControl>
          ) : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {member ? 'Save' : replaces ? 'Send a new invitation' : 'Send invitation'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
