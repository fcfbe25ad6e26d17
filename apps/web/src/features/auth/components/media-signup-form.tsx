import { LIMITS } from '@comped/shared/limits';
import { MSG } from '@comped/shared/messages';
import type { mediaApplicationSchema } from '@comped/shared/validation/auth';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';

import { paths } from '../../../config/paths';
import { applyServerErrors, muiRegister } from '../../../lib/form-errors';
import { lazyFormResolver } from '../../../lib/forms/form-resolver';
import { InTurn } from '../../../lib/in-turn';
import { useApplyAsMedia } from '../api/apply-media';

type Values = z.input<typeof mediaApplicationSchema>;
type Output = z.output<typeof mediaApplicationSchema>;
const FIELDS = ['name', 'email', 'type', 'instagram', 'twitter', 'tiktok', 'workplace', 'press1', 'press2'] as const;
type Field = (typeof FIELDS)[number];

// The rules (zod) load once the user starts on the form, so /signup paints its forms without them.
const loadRules = () => import('@comped/shared/validation/auth').then((m) => m.mediaApplicationSchema);
const preloadRules = () => void loadRules().catch(() => undefined);

/** The For Media tab: an application reviewed by the team; credentials follow by e-mail. */
export function MediaSignupForm() {
  const navigate = useNavigate();
  const apply = useApplyAsMedia();
  const [dialog, setDialog] = useState<'success' | 'failure' | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    control,
    watch,
    formState: { errors },
  } = useForm<Values, unknown, Output>({
    resolver: lazyFormResolver(loadRules),
    defaultValues: {
      name: '',
      email: '',
      type: 'influencer',
      instagram: '',
      twitter: '',
      tiktok: '',
      workplace: '',
      press1: '',
      press2: '',
    },
  });
  const journalist = watch('type') === 'journalist';

  const onSubmit = handleSubmit(async (values) => {
    try {
      await apply.mutateAsync(values);
      setDialog('success');
    } catch (err) {
      if (applyServerErrors(err, setError, FIELDS)) return;
      setDialog('failure');
    }
  });

  const text = (name: Field, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      fullWidth
      {...muiRegister(register, name)}
      error={!!errors[name]}
      helperText={errors[name]?.message ?? (extra.hint as string | undefined)}
      {...Object.fromEntries(Object.entries(extra).filter(([k]) => k !== 'hint'))}
    />
  );
  const handle = { slotProps: { htmlInput: { maxLength: LIMITS.socialHandle } } };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      onFocus={preloadRules}
      aria-labelledby="media-signup-title"
    >
      <Typography id="media-signup-title" variant="h5" component="h2" sx={{ fontWeight: 800, mb: 2 }}>
        SIGN UP AS MEDIA
      </Typography>
      <Stack spacing={2}>
        {text('name', 'Your Name', {
          required: true,
          autoComplete: 'name',
          slotProps: { htmlInput: { maxLength: LIMITS.name } },
        })}
        {text('email', 'Your Email', { required: true, type: 'email', autoComplete: 'email' })}
        {/* The fields below a phone's first screen, then the button, each in a task of its own. */}
        <InTurn>
          <FormControl error={!!errors.type} required>
            <FormLabel id="media-type-label">I am a</FormLabel>
            <Controller
              name="type"
              control={control}
              render={({ field }) => (
                <RadioGroup
                  row
                  aria-labelledby="media-type-label"
                  name={field.name}
                  value={field.value ?? ''}
                  onChange={(e) => {
                    // Spec section 5: switching type clears errors.
                    clearErrors();
                    field.onChange(e.target.value);
                  }}
                >
                  <FormControlLabel value="influencer" control={<Radio />} label="Influencer" />
                  <FormControlLabel value="journalist" control={<Radio />} label="Journalist" />
                </RadioGroup>
              )}
            />
            {errors.type && <FormHelperText>{errors.type.message}</FormHelperText>}
          </FormControl>
        </InTurn>
        <InTurn>{text('instagram', 'Instagram', { required: true, placeholder: '@yourhandle', ...handle })}</InTurn>
        <InTurn>{text('twitter', 'Twitter', { placeholder: '@yourhandle', ...handle })}</InTurn>
        <InTurn>{text('tiktok', 'TikTok', { placeholder: '@yourhandle', ...handle })}</InTurn>
        {journalist && (
          <>
            {text('workplace', 'Working at', {
              required: true,
              hint: 'Type Freelance if you are freelance',
              slotProps: { htmlInput: { maxLength: LIMITS.affiliation } },
            })}
            {text('press1', 'Press piece #1', { required: true, type: 'url', placeholder: 'https://' })}
            {text('press2', 'Press piece #2', { required: true, type: 'url', placeholder: 'https://' })}
          </>
        )}
        <InTurn>
          <Button type="submit" variant="contained" size="large" disabled={apply.isPending}>
            {apply.isPending ? 'Sending…' : 'Apply now'}
          </Button>
        </InTurn>
      </Stack>

      <Dialog
        open={dialog !== null}
        aria-labelledby="media-signup-dialog-title"
        aria-describedby="media-signup-dialog-text"
      >
        <DialogTitle id="media-signup-dialog-title">
          {dialog === 'success' ? MSG.excitingTimes : MSG.houston}
        </DialogTitle>
        <DialogContent>
          <DialogContentText id="media-signup-dialog-text">
            {dialog === 'success'
              ? 'Your profile has been sent for review. This can take a few days; your login credentials will arrive by email.'
              : MSG.houstonText}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => navigate(paths.login.getHref())} autoFocus>
            OK
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
