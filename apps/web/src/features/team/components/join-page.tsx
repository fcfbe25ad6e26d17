import { LIMITS } from '@comped/shared/limits';
import { MSG } from '@comped/shared/messages';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import type { FormEvent } from 'react';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';

import { Loading } from '../../../components/loading';
import { PasswordField } from '../../../components/password-field';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { homeRoute } from '../../../lib/route-guard';
import { useSession } from '../../../lib/use-session';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useInvitation } from '../api/read-invitation';

/** What each role does, as the team page says it, for the invitee. */
const ROLE_INVITE: Record<'manager' | 'host', string> = {
  manager: 'as a manager: you will run everything but the plan, payment and the team.',
  host: 'as a host: you will answer and check in the bookings of your locations.',
};

function AlreadyJoined() {
  return (
    <Typography variant="body2">
      Already joined?{' '}
      <Box component={RouterLink} to={paths.login.getHref()} sx={{ color: 'primary.main' }}>
        Sign in
      </Box>
    </Typography>
  );
}

/**
 * /join?token=... (brand teams): the invitation's link. The page first reads what it invites to
 * (the brand, the role, the e-mail), or says at once why the link cannot be used (used, expired,
 * unknown). The invitee chooses a name and a password; the account is made and signed in, then
 * opens the brand's workspace (a host: the door). An invitation makes a new account, so someone
 * signed in on this device (the owner trying the link, a colleague's phone) is told so and may sign
 * out to go on.
 */
export function JoinPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user, signIn, signOut } = useSession();
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const invitation = useInvitation(token, !user && token !== '');
  // A link that cannot be used (422 on its token) says so instead of offering a form that would fail.
  const unusable =
    invitation.error instanceof ApiError && invitation.error.status === 422
      ? (invitation.error.field('token') ?? invitation.error.message)
      : null;
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ name?: string; password?: string }>({});
  const [alert, setAlert] = useState<string | null>(token ? null : MSG.invitationInvalid);

  useEffect(() => {
    document.title = 'Join your team · Comped';
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    const local: { name?: string; password?: string } = {};
    if (!name.trim()) local.name = MSG.required;
    if (!password) local.password = MSG.required;
    else if (password.length < LIMITS.passwordMin) local.password = MSG.passwordMin;
    setErrors(local);
    if (local.name || local.password) return;
    try {
      const res = await accept.mutateAsync({ token, name: name.trim(), password });
      signIn(res.access_token, res.user);
      navigate(homeRoute(res.user), { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) {
        setErrors({ name: err.field('name'), password: err.field('password') });
        const tokenError = err.field('token');
        if (tokenError || (!err.field('name') && !err.field('password'))) setAlert(tokenError ?? err.message);
      } else setAlert(err instanceof ApiError && err.status < 500 ? err.message : MSG.somethingWrongDot);
    }
  };

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        px: 2,
        py: { xs: 3, sm: 6 },
        bgcolor: '#f7f5f2',
      }}
    >
      <Typography component="p" sx={{ fontWeight: 800, fontSize: 28, color: 'primary.main', mb: { xs: 2, sm: 3 } }}>
        Comped
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        aria-labelledby="join-title"
        sx={{
          bgcolor: 'background.paper',
          width: '100%',
          maxWidth: 460,
          p: { xs: 2.5, sm: 4 },
          border: 1,
          borderColor: 'divider',
          borderRadius: 3,
        }}
      >
        <Typography id="join-title" variant="h5" component="h1" sx={{ fontWeight: 800, mb: 1 }}>
          Join your team
        </Typography>
        {user ? (
          <Stack spacing={2}>
            <Typography>
              You are signed in as {user.name} ({user.email}). This invitation makes a new account for the e-mail it was
              sent to: sign out to accept it.
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
              <Button variant="contained" size="large" onClick={signOut}>
                Sign out and join
              </Button>
              <Button component={RouterLink} to={homeRoute(user)} size="large">
                Stay signed in
              </Button>
            </Stack>
          </Stack>
        ) : invitation.isLoading ? (
          <Loading label="Reading your invitation" />
        ) : unusable ? (
          <Stack spacing={2}>
            <Alert severity="error">{unusable}</Alert>
            <AlreadyJoined />
          </Stack>
        ) : (
          <>
            {invitation.data ? (
              <Typography sx={{ mb: 1 }}>
                <strong>{invitation.data.brand.name}</strong> invites you {ROLE_INVITE[invitation.data.role]}
              </Typography>
            ) : null}
            <Typography color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
              Choose your name and a password. You will sign in with{' '}
              {invitation.data ? <strong>{invitation.data.email}</strong> : 'the e-mail the invitation was sent to'}.
            </Typography>
            <Stack spacing={2}>
              {alert ? (
                <Alert severity="error" role="alert">
                  {alert}
                </Alert>
              ) : null}
              <TextField
                label="Your name"
                required
                fullWidth
                autoComplete="name"
                value={name}
                onChange={(e) => setName(e.target.value)}
                error={!!errors.name}
                helperText={errors.name}
                slotProps={{ htmlInput: { maxLength: LIMITS.name } }}
              />
              <PasswordField
                label="Password"
                autoComplete="new-password"
                required
                fullWidth
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                error={!!errors.password}
                helperText={errors.password ?? MSG.passwordMin}
              />
              <Button type="submit" variant="contained" size="large" disabled={accept.isPending || !token}>
                {accept.isPending ? 'Creating your account…' : 'Join'}
              </Button>
              <AlreadyJoined />
            </Stack>
          </>
        )}
      </Box>
    </Box>
  );
}
