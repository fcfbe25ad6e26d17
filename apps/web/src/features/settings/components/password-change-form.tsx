import { MSG } from '@comped/shared/messages';
import type { passwordChangeSchema } from '@comped/shared/validation/auth';
import { passwordChangeFormSchema } from '@comped/shared/validation/auth';
import { Alert, Box, Button, Paper, Stack } from '@mui/material';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';

import { PageTitle } from '../../../components/page-title';
import { PasswordField } from '../../../components/password-field';
import { applyServerErrors, errorMessage } from '../../../lib/form-errors';
import { formResolver } from '../../../lib/forms/form-resolver';
import { homeRoute } from '../../../lib/route-guard';
import { useSnackbar } from '../../../lib/snackbar';
import { useSession, useUser } from '../../../lib/use-session';
import { useUpdateProfile } from '../api/update-profile';

type Values = z.input<typeof passwordChangeSchema>;
type Output = z.output<typeof passwordChangeSchema>;

/**
 * /settings/password-change: also where a temporary or initial password leads (forced change). A
 * chosen change asks for the current password first (re-authentication); the forced one does not,
 * the temporary password having just been proven at sign-in.
 */
export function PasswordChangeForm() {
  const user = useUser();
  const { refreshUser } = useSession();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const update = useUpdateProfile();
  const [alert, setAlert] = useState<string | null>(null);
  const forced = user.must_change_password;
  const schema = useMemo(() => passwordChangeFormSchema(forced), [forced]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values, unknown, Output>({
    resolver: formResolver(schema),
    defaultValues: { password: '', password_confirmation: '', current_password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setAlert(null);
    try {
      const { current_password, ...change } = values;
      const saved = await update.mutateAsync(forced ? change : { ...change, current_password });
      snackbar(MSG.settingsUpdated);
      const fresh = (await refreshUser().catch(() => null)) ?? saved;
      navigate(homeRoute(fresh), { replace: true });
    } catch (err) {
      if (!applyServerErrors(err, setError, ['current_password', 'password', 'password_confirmation'])) {
        setAlert(errorMessage(err, MSG.somethingWrongDot));
      }
    }
  });

  return (
    <Box sx={{ maxWidth: 560 }}>
      <PageTitle>Change password</PageTitle>
      {forced && (
        <Alert severity="info" sx={{ mb: 3 }}>
          You signed in with a temporary password. Choose a password of your own to continue.
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Change password">
          <Stack spacing={2.5}>
            {alert && <Alert severity="error">{alert}</Alert>}
            {!forced && (
              <PasswordField
                label="Current password"
                autoComplete="current-password"
                required
                fullWidth
                {...register('current_password')}
                error={!!errors.current_password}
                helperText={errors.current_password?.message}
              />
            )}
            <PasswordField
              label="New password"
              autoComplete="new-password"
              required
              fullWidth
              {...register('password')}
              error={!!errors.password}
              helperText={errors.password?.message ?? MSG.passwordMin}
            />
            <PasswordField
              label="Confirm new password"
              autoComplete="new-password"
              required
              fullWidth
              {...register('password_confirmation')}
              error={!!errors.password_confirmation}
              helperText={errors.password_confirmation?.message}
            />
            <Box>
              <Button type="submit" variant="contained" disabled={update.isPending}>
                {update.isPending ? 'Saving…' : 'Change password'}
              </Button>
            </Box>
          </Stack>
        </Box>
      </Paper>
    </Box>
  );
}
