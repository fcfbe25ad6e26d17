import { MSG } from '@comped/shared/messages';
import { resetPasswordSchema } from '@comped/shared/validation/auth';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { z } from 'zod';

import { paths } from '../../../config/paths';
import { applyServerErrors, errorMessage, muiRegister } from '../../../lib/form-errors';
import { formResolver } from '../../../lib/forms/form-resolver';
import { useResetPassword } from '../api/reset-password';
import { AuthLayout } from './auth-layout';

type Values = z.input<typeof resetPasswordSchema>;
type Output = z.output<typeof resetPasswordSchema>;

/** /password-reset (spec section 2): e-mails a temporary password. */
export function PasswordResetForm() {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [sent, setSent] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<Values, unknown, Output>({ resolver: formResolver(resetPasswordSchema), defaultValues: { email: '' } });
  const empty = !watch('email')?.trim();

  const onSubmit = handleSubmit(async (values) => {
    setAlert(null);
    try {
      await reset.mutateAsync(values);
      setSent(true);
    } catch (err) {
      if (!applyServerErrors(err, setError, ['email'])) setAlert(errorMessage(err, MSG.somethingWrongDot));
    }
  });

  return (
    <AuthLayout title="Forgot your password">
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 0.5 }}>
        Forgot your password
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Enter the email of your account and we will send you a temporary password.
      </Typography>
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Reset password">
        <Stack spacing={2.5}>
          {alert && <Alert severity="error">{alert}</Alert>}
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            required
            fullWidth
            {...muiRegister(register, 'email')}
            error={!!errors.email}
            helperText={errors.email?.message}
          />
          <Button type="submit" variant="contained" size="large" disabled={empty || reset.isPending}>
            {reset.isPending ? 'Sending…' : 'Reset my password'}
          </Button>
          <Link component={RouterLink} to={paths.login.getHref()} sx={{ textAlign: 'center' }}>
            Back to log in
          </Link>
        </Stack>
      </Box>
      <Dialog open={sent} aria-labelledby="reset-sent-title" aria-describedby="reset-sent-text">
        <DialogTitle id="reset-sent-title">Check your email</DialogTitle>
        <DialogContent>
          <DialogContentText id="reset-sent-text">{MSG.resetSuccess}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" autoFocus onClick={() => navigate(paths.login.getHref())}>
            OK
          </Button>
        </DialogActions>
      </Dialog>
    </AuthLayout>
  );
}
