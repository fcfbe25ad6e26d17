import { LIMITS } from '@comped/shared/limits';
import type { MediaType } from '@comped/shared/roles';
import { MEDIA_TYPES, TIERS } from '@comped/shared/roles';
import { sliderFromTierRange, tierRangeFromSlider } from '@comped/shared/validation/campaign';
import {
  Alert,
  Box,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Slider,
  Stack,
  Typography,
} from '@mui/material';
import { Controller, useFormContext } from 'react-hook-form';

import type { WizardValues } from '../lib/wizard-values';

const AUDIENCE_LABEL: Record<MediaType, string> = { influencer: 'Influencers', journalist: 'Journalists' };
/** decisions.md: influencer tiers by followers; journalist tiers by outlet reach. */
const TIER_HINT: Record<MediaType, string[]> = {
  influencer: ['1k-10k followers', '10k-50k followers', '50k-250k followers', '250k+ followers'],
  journalist: ['Local outlets', 'Regional outlets', 'National outlets', 'Top-tier outlets'],
};
const MARKS = TIERS.map((value) => ({ value, label: `Tier ${value}` }));

export const WIDE_RANGE_HINT = 'A wide range of tiers is recommended: more people can discover and book your campaign.';

function TierSlider({ type }: { type: MediaType }) {
  const { control } = useFormContext<WizardValues>();
  const name = type === 'influencer' ? 'tier_range_influencer' : 'tier_range_journalist';
  const label = `${type === 'influencer' ? 'Influencer' : 'Journalist'} tiers`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const [low, high] = sliderFromTierRange(field.value);
        return (
          <Box sx={{ px: { xs: 1.5, sm: 2 } }}>
            <Typography id={`${name}-label`} variant="subtitle2" component="h3">
              {label}
            </Typography>
            <Slider
              value={[low, high]}
              min={LIMITS.tierMin}
              max={LIMITS.tierMax}
              step={1}
              marks={MARKS}
              disableSwap
              valueLabelDisplay="auto"
              getAriaLabel={(i) => (i === 0 ? `${label}, lowest` : `${label}, highest`)}
              getAriaValueText={(v) => `Tier ${v}`}
              onChange={(_e, v) => {
                const [a, b] = v as number[];
                field.onChange(tierRangeFromSlider([a ?? 1, b ?? a ?? 1]));
              }}
              onBlur={field.onBlur}
            />
            <Typography variant="body2" color="text.secondary">
              Tier {low}
              {high !== low ? `-${high}` : ''}: {TIER_HINT[type][low - 1]}
              {high !== low ? ` to ${TIER_HINT[type][high - 1]}` : ''}
            </Typography>
            {fieldState.error ? <FormHelperText error>{fieldState.error.message}</FormHelperText> : null}
          </Box>
        );
      }}
    />
  );
}

export function AudienceStep() {
  const { control, watch, formState } = useFormContext<WizardValues>();
  const target = watch('target');
  return (
    <Stack spacing={3}>
      <Controller
        control={control}
        name="target"
        render={({ field }) => (
          <FormControl component="fieldset" error={!!formState.errors.target}>
            <FormLabel component="legend">Who is this campaign for?</FormLabel>
            <FormGroup row>
              {MEDIA_TYPES.map((t) => {
                const checked = field.value.includes(t);
                const onlyOne = checked && field.value.length === 1;
                return (
                  <FormControlLabel
                    key={t}
                    label={AUDIENCE_LABEL[t]}
                    control={
                      <Checkbox
                        checked={checked}
                        // At least one audience stays selected (spec section 5).
                        disabled={onlyOne}
                        onChange={(e) =>
                          field.onChange(
                            e.target.checked
                              ? MEDIA_TYPES.filter((x) => x === t || field.value.includes(x))
                              : field.value.filter((x) => x !== t),
                          )
                        }
                      />
                    }
                  />
                );
              })}
            </FormGroup>
            <FormHelperText>
              {formState.errors.target?.message ?? 'At least one audience stays selected.'}
            </FormHelperText>
          </FormControl>
        )}
      />
      <Alert severity="info">{WIDE_RANGE_HINT}</Alert>
      {target.includes('influencer') ? <TierSlider type="influencer" /> : null}
      {target.includes('journalist') ? <TierSlider type="journalist" /> : null}
    </Stack>
  );
}
