import { LIMITS } from '@comped/shared/limits';
import { maxChars, MSG } from '@comped/shared/messages';
import type { BrandResource } from '@comped/shared/schemas/resources';
import {
  BRAND_SOCIAL_NETWORKS,
  BRAND_TYPES,
  brandGeneralSchema,
  brandHandleSchema,
} from '@comped/shared/validation/brand';
import { Alert, Button, Divider, InputAdornment, Paper, Stack, TextField, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';

import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formResolver } from '../../../lib/forms/form-resolver';
import { useSnackbar } from '../../../lib/snackbar';
import { useSession } from '../../../lib/use-session';
import { useSetBrandField, useUpdateBrand, useUpdateSocialNetworks } from '../api/brand';
import { networkLabel } from './brand-details';

/** The form: the general info rules of the API, plus the brand type and the social handles. */
const formSchema = brandGeneralSchema.extend({
  brandType: z.string(),
  instagram: brandHandleSchema,
  twitter: brandHandleSchema,
  tiktok: brandHandleSchema,
  facebook: brandHandleSchema,
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;
type FieldName = keyof FormInput;

function defaults(brand: BrandResource): FormInput {
  const handle = (name: string) => brand.socialnetworks.find((s) => s.name === name)?.handle ?? '';
  return {
    name: brand.name,
    description: brand.description ?? '',
    address: brand.address,
    zip: brand.zip,
    phones: brand.phones,
    brandType: brand.brandType ?? '',
    instagram: handle('instagram'),
    twitter: handle('twitter'),
    tiktok: handle('tiktok'),
    facebook: handle('facebook'),
  };
}

/** /profile/edit: the brand's general info and social handles. */
export function BrandEditForm({ brand }: { brand: BrandResource }) {
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const { refreshUser } = useSession();
  const update = useUpdateBrand(brand.id);
  const setField = useSetBrandField(brand.id);
  const social = useUpdateSocialNetworks(brand.id);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({ resolver: formResolver(formSchema), defaultValues: defaults(brand) });
  const description = watch('description') ?? '';

  async function onSubmit(values: FormOutput) {
    try {
      await update.mutateAsync({
        name: values.name,
        description: values.description,
        address: values.address,
        zip: values.zip,
        phones: values.phones,
      });
      if ((brand.brandType ?? '') !== values.brandType) {
        await setField.mutateAsync({ field: 'brandType', value: values.brandType || null });
      }
      await social.mutateAsync({
        socialnetworks: BRAND_SOCIAL_NETWORKS.map((name) => ({ name, handle: values[name] })),
      });
      snackbar(MSG.brandUpdated);
      void refreshUser().catch(() => undefined);
      navigate(paths.profile.getHref());
    } catch (err) {
      if (err instanceof ApiError && err.isValidation && Object.keys(err.errors).length > 0) {
        for (const [field, messages] of Object.entries(err.errors)) {
          const match = /^socialnetworks\.(\d+)\.handle$/.exec(field);
          const name = (
            match ? BRAND_SOCIAL_NETWORKS[Number(match[1])] : field === 'value' ? 'brandType' : field
          ) as FieldName;
          setError(name, { type: 'server', message: messages[0] });
        }
        return;
      }
      snackbar(MSG.saveFailed, 'error');
    }
  }

  const text = (name: FieldName, label: string, extra: Record<string, unknown> = {}) => ({
    ...register(name),
    id: `brand-${name}`,
    label,
    error: !!errors[name],
    helperText: errors[name]?.message,
    fullWidth: true,
    ...extra,
  });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack
        component="form"
        spacing={2}
        noValidate
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
        aria-label="Edit brand"
      >
        <Typography variant="h6" component="h2">
          General info
        </Typography>
        <TextField {...text('name', 'Brand Name')} required slotProps={{ htmlInput: { maxLength: LIMITS.name } }} />
        <TextField
          {...text('brandType', 'Type of place')}
          select
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">Not set</option>
          {BRAND_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </TextField>
        <TextField
          {...text('description', 'Description')}
          required
          multiline
          minRows={3}
          helperText={errors.description?.message ?? `${description.length} / ${maxChars(LIMITS.brandDescription)}`}
          slotProps={{ htmlInput: { maxLength: LIMITS.brandDescription } }}
        />
        <TextField
          {...text('address', 'Street Address')}
          required
          slotProps={{ htmlInput: { maxLength: LIMITS.streetAddress } }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            {...text('zip', 'Zip Code')}
            required
            slotProps={{ htmlInput: { maxLength: LIMITS.zip, inputMode: 'numeric' } }}
          />
          <TextField
            {...text('phones', 'Phone Number')}
            required
            type="tel"
            slotProps={{ htmlInput: { maxLength: LIMITS.phone } }}
          />
        </Stack>
        <Divider />
        <Typography variant="h6" component="h2">
          Social networks
        </Typography>
        {BRAND_SOCIAL_NETWORKS.map((name) => (
          <TextField
            key={name}
            {...text(name, networkLabel(name))}
            slotProps={{
              htmlInput: { maxLength: LIMITS.socialHandle },
              input: { startAdornment: <InputAdornment position="start">@</InputAdornment> },
            }}
          />
        ))}
        {errors.root ? <Alert severity="error">{errors.root.message}</Alert> : null}
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={() => navigate(paths.profile.getHref())} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : 'Save'}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
