import { LIMITS } from '@comped/shared/limits';
import { maxChars, MSG } from '@comped/shared/messages';
import type { MediaProfileResource } from '@comped/shared/schemas/resources';
import type { MediaProfileValues } from '@comped/shared/validation/media-profile';
import { mediaProfileSchema } from '@comped/shared/validation/media-profile';
import { Box, Button, CircularProgress, InputAdornment, Paper, Stack, TextField, Typography } from '@mui/material';
import type { Path } from 'react-hook-form';
import { useForm } from 'react-hook-form';

import { ApiError } from '../../../lib/api-client';
import { formResolver } from '../../../lib/forms/form-resolver';
import { useSnackbar } from '../../../lib/snackbar';
import { useSession } from '../../../lib/use-session';
import { useUpdateMediaProfile } from '../api/update-media-profile';

interface FormValues {
  type: 'influencer' | 'journalist';
  name: string;
  bio: string;
  location: string;
  instagram: string;
  twitter: string;
  tiktok: string;
  workplace: string;
  press_places: string[];
  /** Saved at once by the directory switch (directory-listing-switch.tsx), never by this form. */
  directory_listed?: boolean;
}

function handleOf(profile: MediaProfileResource, network: string): string {
  return profile.socialnetworks.find((s) => s.name === network)?.handle ?? '';
}

function valuesOf(profile: MediaProfileResource): FormValues {
  return {
    type: profile.type,
    name: profile.name,
    bio: profile.bio ?? '',
    location: profile.location ?? '',
    instagram: handleOf(profile, 'instagram'),
    twitter: handleOf(profile, 'twitter'),
    tiktok: handleOf(profile, 'tiktok'),
    workplace: profile.workplace ?? '',
    press_places: [profile.press_places[0] ?? '', profile.press_places[1] ?? ''],
  };
}

/** The own-profile form with the limits of spec section 5; errors show under the fields. */
export function MediaProfileForm({ profile }: { profile: MediaProfileResource }) {
  const snackbar = useSnackbar();
  const { refreshUser } = useSession();
  const update = useUpdateMediaProfile(profile.id);
  const isJournalist = profile.type === 'journalist';
  const {
    register,
    handleSubmit,
    setError,
    watch,
    reset,
    formState: { errors, isDirty },
  } = useForm<FormValues, unknown, MediaProfileValues>({
    resolver: formResolver(mediaProfileSchema),
    defaultValues: valuesOf(profile),
  });

  const onSubmit = async (values: MediaProfileValues) => {
    const { type: _type, ...rest } = values;
    try {
      const saved = await update.mutateAsync({
        ...rest,
        workplace: isJournalist ? rest.workplace : undefined,
        press_places: isJournalist ? (rest.press_places ?? []).filter((p) => p.trim() !== '') : undefined,
      });
      reset(valuesOf(saved));
      // A new Instagram handle sent an influencer's tier back to staff (the API cleared it): say so.
      if (profile.tier_range !== null && saved.tier_range === null) snackbar(MSG.tierCheckPending, 'info');
      else snackbar(MSG.profileUpdated);
      void refreshUser().catch(() => undefined);
    } catch (err) {
      if (err instanceof ApiError && err.isValidation) {
        for (const [field, messages] of Object.entries(err.errors)) {
          setError(field as Path<FormValues>, { message: messages[0] });
        }
      }
      snackbar(err instanceof ApiError && err.status !== 0 ? err.message : MSG.somethingWrongDot, 'error');
    }
  };

  const counter = (field: 'name' | 'bio' | 'location' | 'workplace', max: number) =>
    errors[field]?.message ?? `${(watch(field) ?? '').length}/${max} · ${maxChars(max)}`;

  const handleField = (name: 'instagram' | 'twitter' | 'tiktok', label: string) => (
    <TextField
      label={label}
      {...register(name)}
      error={!!errors[name]}
      helperText={errors[name]?.message}
      slotProps={{
        htmlInput: { maxLength: LIMITS.socialHandle + 1, autoCapitalize: 'none', spellCheck: false },
        input: { startAdornment: <InputAdornment position="start">@</InputAdornment> },
      }}
      fullWidth
    />
  );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        Edit profile
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
        aria-label="Edit profile"
      >
        <Stack spacing={2.5}>
          <TextField
            label="Name"
            required
            {...register('name')}
            error={!!errors.name}
            helperText={counter('name', LIMITS.name)}
            slotProps={{ htmlInput: { maxLength: LIMITS.name } }}
            fullWidth
          />
          <TextField
            label="Bio"
            multiline
            minRows={3}
            {...register('bio')}
            error={!!errors.bio}
            helperText={counter('bio', LIMITS.bio)}
            slotProps={{ htmlInput: { maxLength: LIMITS.bio } }}
            fullWidth
          />
          <TextField
            label="City"
            {...register('location')}
            error={!!errors.location}
            helperText={
              errors.location?.message ??
              `End it with your ZIP code (Brooklyn 11211, or the ZIP alone when the name is long): brands searching near a ZIP find you. ${counter('location', LIMITS.location)}`
            }
            slotProps={{ htmlInput: { maxLength: LIMITS.location } }}
            fullWidth
          />
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            {handleField('instagram', 'Instagram')}
            {handleField('twitter', 'Twitter')}
            {handleField('tiktok', 'TikTok')}
          </Stack>
          {isJournalist && (
            <>
              <TextField
                label="Working at"
                required
                {...register('workplace')}
                error={!!errors.workplace}
                helperText={
                  errors.workplace?.message ?? `Type Freelance if freelance · ${maxChars(LIMITS.affiliation)}`
                }
                slotProps={{ htmlInput: { maxLength: LIMITS.affiliation } }}
                fullWidth
              />
              {[0, 1].map((i) => (
                <TextField
                  key={i}
                  type="url"
                  label={`Press piece #${i + 1}`}
                  {...register(`press_places.${i}` as const)}
                  error={!!errors.press_places?.[i]}
                  helperText={errors.press_places?.[i]?.message}
                  fullWidth
                />
              ))}
            </>
          )}
          <Box sx={{ display: 'flex', gap: 2 }}>
            <Button
              type="submit"
              variant="contained"
              disabled={update.isPending}
              startIcon={update.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              Save changes
            </Button>
            <Button type="button" onClick={() => reset(valuesOf(profile))} disabled={!isDirty || update.isPending}>
              Discard
            </Button>
          </Box>
        </Stack>
      </Box>
    </Paper>
  );
}
