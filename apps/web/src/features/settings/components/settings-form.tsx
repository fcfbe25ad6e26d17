import { LIMITS, SUPPORT_EMAIL } from '@comped/shared/limits';
import { MSG } from '@comped/shared/messages';
import type { settingsSchema } from '@comped/shared/validation/auth';
import { changesEmail, settingsFormSchema } from '@comped/shared/validation/auth';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import LockIcon from '@mui/icons-material/Lock';
import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import { Alert, Box, Button, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';

import { PageTitle } from '../../../components/page-title';
import { PasswordField } from '../../../components/password-field';
import { paths } from '../../../config/paths';
import { applyServerErrors, errorMessage, muiRegister } from '../../../lib/form-errors';
import { formResolver } from '../../../lib/forms/form-resolver';
import { useSnackbar } from '../../../lib/snackbar';
import { useSession, useUser } from '../../../lib/use-session';
import { useUpdateProfile } from '../api/update-profile';

type Values = z.input<typeof settingsSchema>;
type Output = z.output<typeof settingsSchema>;

/**
 * /settings (spec section 2): name and email, the password link, the route's other sections
 * (`children`), the support address. A new e-mail asks for the current password
 * (re-authentication); a name alone does not.
 */
export function SettingsForm({ children }: { children?: ReactNode }) {
  const user = useUser();
  const { refreshUser } = useSession();
  const snackbar = useSnackbar();
  const update = useUpdateProfile();
  const [alert, setAlert] = useState<string | null>(null);
  const schema = useMemo(() => settingsFormSchema(user.email), [user.email]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isDirty },
  } = useForm<Values, unknown, Output>({
    resolver: formResolver(schema),
    defaultValues: { name: user.name, email: user.email, current_password: '' },
  });
  const emailChanges = changesEmail(watch('email') ?? '', user.email);

  const onSubmit = handleSubmit(async (values) => {
    setAlert(null);
    try {
      const { current_password, ...change } = values;
      const saved = await update.mutateAsync(
        changesEmail(values.email, user.email) ? { ...change, current_password } : change,
      );
      reset({ name: saved.name, email: saved.email, current_password: '' });
      snackbar(MSG.settingsUpdated);
      await refreshUser().catch(() => undefined);
    } catch (err) {
      if (!applyServerErrors(err, setError, ['name', 'email', 'current_password'])) {
        setAlert(errorMessage(err, MSG.somethingWrongDot));
      }
    }
  });

  return (
    <Box sx={{ maxWidth: 640 }}>
      <PageTitle>Settings</PageTitle>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          Account
        </Typography>
        <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Account settings">
          <Stack spacing={2.5}>
            {alert && <Alert severity="error">{alert}</Alert>}
            <TextField
              label="Name"
              required
              fullWidth
              autoComplete="name"
              {...muiRegister(register, 'name')}
              error={!!errors.name}
              helperText={errors.name?.message}
              slotProps={{ htmlInput: { maxLength: LIMITS.name } }}
            />
            <TextField
              label="Email"
              type="email"
              required
              fullWidth
              autoComplete="email"
              {...muiRegister(register, 'email')}
              error={!!errors.email}
              helperText={errors.email?.message}
            />
            {emailChanges && (
              <PasswordField
                label="Current password"
                autoComplete="current-password"
                required
                fullWidth
                {...register('current_password')}
                error={!!errors.current_password}
                helperText={errors.current_password?.message ?? 'Needed to change your e-mail.'}
              />
            )}
            <Box>
              <Button type="submit" variant="contained" disabled={update.isPending || !isDirty}>
                {update.isPending ? 'Saving…' : 'Save changes'}
              </Button>
            </Box>
          </Stack>
        </Box>
      </Paper>
      <Paper variant="outlined" sx={{ mb: 3 }}>
        <Link
          component={RouterLink}
          to={paths.passwordChange.getHref()}
          underline="none"
          color="inherit"
          sx={{ display: 'flex', alignItems: 'center', gap: 2, p: { xs: 2, sm: 3 } }}
        >
          <LockIcon color="action" />
          <Box sx={{ flex: 1 }}>
            <Typography sx={{ fontWeight: 600 }}>Change password</Typography>
            <Typography variant="body2" color="text.secondary">
              Choose a new password for your account.
            </Typography>
          </Box>
          <ChevronRightIcon color="action" />
        </Link>
      </Paper>
      {children}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'flex', gap: 2, alignItems: 'center' }}>
        <MailOutlineIcon color="action" />
        <Box>
          <Typography sx={{ fontWeight: 600 }}>Need help?</Typography>
          <Typography variant="body2" color="text.secondary">
            Write to us at <Link href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Link>
          </Typography>
        </Box>
      </Paper>
    </Box>
  );
}
