import { LIMITS } from '@comped/shared/limits';
import { Autocomplete, Box, Chip, FormControlLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { Controller, useFormContext } from 'react-hook-form';

import type { WizardValues } from '../lib/wizard-values';
import { UsageRightsField } from './usage-rights-field';

const COUNTS = (max: number) => Array.from({ length: max + 1 }, (_, i) => i);

function stripHash(tag: string): string {
  return tag.trim().replace(/^#+/, '');
}

export function RequirementsStep() {
  const { control } = useFormContext<WizardValues>();
  return (
    <Stack spacing={3}>
      <Stack>
        <Controller
          control={control}
          name="influencer_instructions.tagging_required"
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
              label="Tag the brand in posts and stories"
            />
          )}
        />
        <Controller
          control={control}
          name="influencer_instructions.geotag_required"
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
              label="Geotag the location"
            />
          )}
        />
      </Stack>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Controller
          control={control}
          name="influencer_instructions.posts_required"
          render={({ field, fieldState }) => (
            <TextField
              select
              label="Posts required"
              value={field.value}
              onChange={(e) => field.onChange(Number(e.target.value))}
              error={!!fieldState.error}
              helperText={fieldState.error?.message ?? 'Posts stay on the profile'}
            >
              {COUNTS(LIMITS.postsMax).map((n) => (
                <MenuItem key={n} value={n}>
                  {n}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="influencer_instructions.stories_required"
          render={({ field, fieldState }) => (
            <TextField
              select
              label="Stories required"
              value={field.value}
              onChange={(e) => field.onChange(Number(e.target.value))}
              error={!!fieldState.error}
              helperText={fieldState.error?.message ?? 'Stories are visible for 24 hours'}
            >
              {COUNTS(LIMITS.storiesMax).map((n) => (
                <MenuItem key={n} value={n}>
                  {n}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Box>
      <Controller
        control={control}
        name="influencer_instructions.hashtags"
        render={({ field, fieldState }) => {
          const itemError = Array.isArray(fieldState.error)
            ? (fieldState.error as { message?: string }[]).find((e) => e?.message)?.message
            : undefined;
          const message = fieldState.error?.message ?? itemError;
          return (
            <Autocomplete
              multiple
              freeSolo
              autoSelect
              options={[] as string[]}
              value={field.value}
              // "spring menu" or "#spring, #menu" typed at once are two hashtags (one cannot hold a space).
              onChange={(_e, value) =>
                field.onChange([
                  ...new Set(
                    value
                      .flatMap((v) => v.split(/[\s,]+/))
                      .map(stripHash)
                      .filter(Boolean),
                  ),
                ])
              }
              renderValue={(value, getItemProps) =>
                value.map((tag, index) => {
                  const { key, ...itemProps } = getItemProps({ index });
                  return <Chip key={key} label={`#${tag}`} size="small" {...itemProps} />;
                })
              }
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="Hashtags"
                  error={!!message}
                  helperText={message ?? 'Optional. Type a hashtag without # and press Enter.'}
                />
              )}
            />
          );
        }}
      />
      <UsageRightsField />
    </Stack>
  );
}
