import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { z } from 'zod';
import { MSG } from '@comped/shared/messages';
import type { loginSchema } from '@comped/shared/validation/auth';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { homeRoute } from '../../../lib/route-guard';
import { useSession } from '../../../lib/use-session';
import { preloadLogin, useLogin } from '../api/login';
import { applyServerErrors, errorMessage } from '../../../lib/form-errors';
import { AuthLayout } from './auth-layout';
import { AuthPasswordField, AuthTextField } from './auth-text-field';

type LoginValues = z.input<typeof loginSchema>;
type LoginOutput = z.output<typeof loginSchema>;

const resolver = lazyResolver<LoginValues, unknown, LoginOutput>(() =>
  import('./login-resolver').then((m) => m.loginResolver),
);

/** /login (spec section 2): Welcome Back, email and password, links to reset and sign-up. */
export function LoginForm() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const login = useLogin();
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginValues, unknown, LoginOutput>({
    resolver,
    defaultValues: { email: '', password: '' },
  });

  // The validation and the answer's schema (zod) download once the user starts on the form.
  const preload = () => {
    resolver.preload();
    preloadLogin();
  };

  const onSubmit = handleSubmit(async (values) => {
    setAlert(null);
    try {
      const res = await login.mutateAsync(values);
      signIn(res.access_token, res.user);
      navigate(homeRoute(res.user), { replace: true });
    } catch (err) {
      if (applyServerErrors(err, setError, ['email', 'password'])) return;
      if (err instanceof ApiError && err.status === 0) {
        // Spec section 8: a sign-in that gets no answer reads as a password error.
        setError('password', { type: 'server', message: MSG.incorrectLogin });
      }
      setAlert(errorMessage(err, MSG.somethingWrongDot));
    }
  });

  return (
    <AuthLayout title="Welcome Back">
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 0.5 }}>
        Welcome Back
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Log in to your Comped account.
      </Typography>
      <Box component="form" noValidate onSubmit={onSubmit} onFocus={preload} aria-label="Log in">
        <Stack spacing={2.5}>
          {alert && (
            <Alert severity="error" role="alert">
              {alert}
            </Alert>
          )}
          <AuthTextField
            label="Email"
            type="email"
            autoComplete="email"
            required
            fullWidth
            {...register('email')}
            error={!!errors.email}
            helperText={errors.email?.message}
          />
          <AuthPasswordField
            label="Password"
            autoComplete="current-password"
            required
            fullWidth
            {...register('password')}
            error={!!errors.password}
            helperText={errors.password?.message}
          />
          <Box sx={{ textAlign: 'right', mt: '8px !important' }}>
            <Link component={RouterLink} to={paths.passwordReset}>
              Forgot password
            </Link>
          </Box>
          <Button type="submit" variant="contained" size="large" disabled={login.isPending} fullWidth>
            {login.isPending ? 'Logging in…' : 'Log in'}
          </Button>
          <Typography sx={{ textAlign: 'center' }} color="text.secondary">
            New to Comped?{' '}
            <Link component={RouterLink} to={paths.signup} sx={{ fontWeight: 600 }}>
              Create Account
            </Link>
          </Typography>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
