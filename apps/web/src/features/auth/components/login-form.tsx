import { MSG } from '@comped/shared/messages';
import type { LoginInput } from '@comped/shared/validation/auth';
import { Box, Button, Typography } from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { alpha } from '@mui/material/styles';
import type { ChangeEvent, FormEvent } from 'react';
import { lazy, Suspense, useRef, useState } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';

import { OutlinedField } from '../../../components/outlined-field';
import { PasswordField } from '../../../components/password-field';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors, errorMessage } from '../../../lib/form-errors';
import { afterSignIn } from '../../../lib/route-guard';
import { useSession } from '../../../lib/use-session';
import { login } from '../api/login';
import { AuthLayout } from './auth-layout';
import type { LoginErrors, LoginField } from './login-validation';

// The alert shows only after a failed sign-in: it loads with the rules, on first focus of the form.
const loadAlert = () => import('@mui/material/Alert');
const Alert = lazy(loadAlert);

/**
 * The CSS of `<Stack spacing={2.5}>`, on a Box: Stack would be the only part of MUI's layout code in
 * the front door's download.
 */
const stack = {
  display: 'flex',
  flexDirection: 'column',
  '& > :not(style):not(style)': { m: 0 },
  '& > :not(style) ~ :not(style)': { mt: 2.5 },
} as const;

/**
 * The look of MUI's `<Link>` (primary colour, underline at 40%), on Typography: Link's own code is
 * the only thing its two links here would add to the front door's download.
 */
const link = {
  textDecoration: 'underline',
  textDecorationColor: (t: Theme) => alpha(t.palette.primary.main, 0.4),
  '&:hover': { textDecorationColor: 'inherit' },
} as const;

const FIELDS: readonly LoginField[] = ['email', 'password'];
let validation: Promise<typeof import('./login-validation').validateLogin> | null = null;
/** The rules (zod) load on first focus of the form, or on the first submit; a failed download is retried. */
const loadValidation = () =>
  (validation ??= import('./login-validation').then(
    (m) => m.validateLogin,
    (err: unknown) => {
      validation = null;
      throw err;
    },
  ));

/**
 * /login (spec section 2): Welcome Back, email and password, links to reset and sign-up.
 *
 * The one form without react-hook-form and TanStack Query: its two fields keep their state here and
 * the request is a plain call, which keeps both libraries out of the front door's first download
 * (ADR 012). It behaves as the other forms do with react-hook-form's
 * defaults: the rules (the shared zod schema) run on submit, then again on each change of a field;
 * the first field in error gets focus; the server's 422 messages show under their fields.
 */
export function LoginForm() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [pending, setPending] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [errors, setErrors] = useState<LoginErrors>({});
  const submitted = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  const values = (): LoginInput => {
    const data = new FormData(form.current ?? undefined);
    return { email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') };
  };
  const setError: UseFormSetError<LoginInput> = (field, error, options) => {
    if (field !== 'email' && field !== 'password') return;
    setErrors((e) => ({ ...e, [field]: error.message }));
    if (options?.shouldFocus) inputs[field].current?.focus();
  };

  // The validation (zod) and the error alert download once the user starts on the form.
  const preload = () => {
    void loadValidation().catch(() => undefined);
    void loadAlert().catch(() => undefined);
  };

  // After a submit, a changed field is checked again (react-hook-form's reValidateMode 'onChange').
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const field = e.target.name as LoginField;
    if (!submitted.current) return;
    void loadValidation().then((validate) => {
      const message = validate(values()).errors?.[field];
      setErrors((prev) => (prev[field] === message ? prev : { ...prev, [field]: message }));
    });
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (pending) return;
    submitted.current = true;
    const result = (await loadValidation())(values());
    if (result.errors) {
      setErrors(result.errors);
      const first = FIELDS.find((f) => result.errors[f]);
      if (first) inputs[first].current?.focus();
      return;
    }
    setErrors({});
    setAlert(null);
    setPending(true);
    try {
      const res = await login(result.values);
      signIn(res.access_token, res.user);
      navigate(afterSignIn(res.user, new URLSearchParams(search).get('next')), { replace: true });
    } catch (err) {
      setPending(false);
      if (applyServerErrors(err, setError, FIELDS)) return;
      if (err instanceof ApiError && err.status === 0) {
        // Spec section 8: a sign-in that gets no answer reads as a password error.
        setError('password', { type: 'server', message: MSG.incorrectLogin });
      }
      setAlert(errorMessage(err, MSG.somethingWrongDot));
    }
  };

  return (
    <AuthLayout title="Welcome Back">
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 0.5 }}>
        Welcome Back
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Log in to your Comped account.
      </Typography>
      <Box
        component="form"
        ref={form}
        noValidate
        onSubmit={(e: FormEvent<HTMLFormElement>) => void onSubmit(e)}
        onFocus={preload}
        aria-label="Log in"
      >
        <Box sx={stack}>
          {alert && (
            <Suspense fallback={null}>
              <Alert severity="error" role="alert">
                {alert}
              </Alert>
            </Suspense>
          )}
          <OutlinedField
            label="Email"
            type="email"
            autoComplete="email"
            required
            fullWidth
            name="email"
            ref={inputs.email}
            onChange={onChange}
            error={!!errors.email}
            helperText={errors.email}
          />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            required
            fullWidth
            name="password"
            ref={inputs.password}
            onChange={onChange}
            error={!!errors.password}
            helperText={errors.password}
          />
          <Box sx={{ textAlign: 'right', mt: '8px !important' }}>
            <Typography
              component={RouterLink}
              to={paths.passwordReset.getHref()}
              variant="inherit"
              color="primary"
              sx={link}
            >
              Forgot password
            </Typography>
          </Box>
          <Button type="submit" variant="contained" size="large" disabled={pending} fullWidth>
            {pending ? 'Logging in…' : 'Log in'}
          </Button>
          <Typography sx={{ textAlign: 'center' }} color="text.secondary">
            New to Comped?{' '}
            <Typography
              component={RouterLink}
              to={paths.signup.getHref()}
              variant="inherit"
              color="primary"
              sx={{ ...link, fontWeight: 600 }}
            >
              Create Account
            </Typography>
          </Typography>
        </Box>
      </Box>
    </AuthLayout>
  );
}
