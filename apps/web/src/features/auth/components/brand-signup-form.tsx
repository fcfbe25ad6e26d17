import { LIMITS } from '@comped/shared/limits';
import { MSG } from '@comped/shared/messages';
import type { brandSignupSchema } from '@comped/shared/validation/auth';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';

import { PasswordField } from '../../../components/password-field';
import { applyServerErrors, errorMessage, muiRegister } from '../../../lib/form-errors';
import { lazyFormResolver } from '../../../lib/forms/form-resolver';
import { InTurn } from '../../../lib/in-turn';
import { homeRoute } from '../../../lib/route-guard';
import { useSession } from '../../../lib/use-session';
import { useRegisterBrand } from '../api/register-brand';
import { PricingBlock } from './pricing-block';

type Values = z.input<typeof brandSignupSchema>;
type Output = z.output<typeof brandSignupSchema>;
const FIELDS = ['name', 'address', 'zip', 'phones', 'email', 'password'] as const;

// The rules (zod) load once the user starts on the form, so /signup paints its forms without them.
const loadRules = () => import('@comped/shared/validation/auth').then((m) => m.brandSignupSchema);
const preloadRules = () => void loadRules().catch(() => undefined);

/** The For Brands tab: signs the brand up and in, then to /plans (no subscription yet). */
export function BrandSignupForm() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const registerBrand = useRegisterBrand();
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values, unknown, Output>({
    resolver: lazyFormResolver(loadRules),
    defaultValues: { name: '', address: '', zip: '', phones: '', email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setAlert(null);
    try {
      const res = await registerBrand.mutateAsync(values);
      signIn(res.access_token, res.user);
      navigate(homeRoute(res.user), { replace: true });
    } catch (err) {
      if (!applyServerErrors(err, setError, FIELDS)) setAlert(errorMessage(err, MSG.somethingWrongDot));
    }
  });

  const text = (name: (typeof FIELDS)[number], label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      required
      fullWidth
      {...muiRegister(register, name)}
      error={!!errors[name]}
      helperText={errors[name]?.message}
      {...extra}
    />
  );

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      onFocus={preloadRules}
      aria-labelledby="brand-signup-title"
    >
      <Typography id="brand-signup-title" variant="h5" component="h2" sx={{ fontWeight: 800, mb: 2 }}>
        SIGN UP AS A BRAND
      </Typography>
      <Stack spacing={2}>
        {alert && <Alert severity="error">{alert}</Alert>}
        {text('name', 'Brand Name', {
          autoComplete: 'organization',
          slotProps: { htmlInput: { maxLength: LIMITS.name } },
        })}
        {text('address', 'Street Address', {
          autoComplete: 'street-address',
          slotProps: { htmlInput: { maxLength: LIMITS.streetAddress } },
        })}
        {/* The fields below a phone's first screen, then the price and the button, each in a task of its own. */}
        <InTurn>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {text('zip', 'Zip Code', {
              autoComplete: 'postal-code',
              slotProps: { htmlInput: { inputMode: 'numeric', maxLength: LIMITS.zip } },
            })}
            {text('phones', 'Phone Number', {
              type: 'tel',
              autoComplete: 'tel',
              slotProps: { htmlInput: { maxLength: LIMITS.phone } },
            })}
          </Stack>
        </InTurn>
        <InTurn>{text('email', 'Your Email', { type: 'email', autoComplete: 'email' })}</InTurn>
        <InTurn>
          <PasswordField
            label="Password"
            autoComplete="new-password"
            required
            fullWidth
            {...register('password')}
            error={!!errors.password}
            helperText={errors.password?.message ?? MSG.passwordMin}
          />
        </InTurn>
        <InTurn>
          <PricingBlock />
        </InTurn>
        <InTurn>
          <Typography variant="body2" color="text.secondary">
            By tapping Create Account you accept our Terms of Service and Privacy Policy.
          </Typography>
          <Button type="submit" variant="contained" size="large" disabled={registerBrand.isPending}>
            {registerBrand.isPending ? 'Creating your account…' : 'Create Account'}
          </Button>
        </InTurn>
      </Stack>
    </Box>
  );
}
