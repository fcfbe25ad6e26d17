import type { TaskResource } from '@comped/shared/schemas/resources';
import type { CoverageOption } from '@comped/shared/validation/task';
import { COVERAGE_OPTIONS, journalistTaskFormSchema } from '@comped/shared/validation/task';
import {
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
} from '@mui/material';
import type { FormEvent } from 'react';
import { useState } from 'react';

import type { CompleteTaskInput } from '../api/complete-task';
import { CompleteTaskDialog } from './complete-task-dialog';
import { RatingField } from './rating-field';

interface JournalistTaskFormProps {
  task: TaskResource;
  onComplete: (input: CompleteTaskInput) => Promise<void>;
  onFailure: () => void;
}

/** The journalist's task: a rating and a coverage option, no requirements table (spec section 4). */
export function JournalistTaskForm({ task, onComplete, onFailure }: JournalistTaskFormProps) {
  const [rating, setRating] = useState<number | null>(null);
  const [option, setOption] = useState<CoverageOption | ''>('');
  const [errors, setErrors] = useState<{ rating?: string; propertyOption?: string }>({});
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = journalistTaskFormSchema.safeParse({ rating, propertyOption: option });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as 'rating' | 'propertyOption'] = issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setConfirming(true);
  };

  const confirm = async () => {
    if (!rating || !option) return;
    setSending(true);
    try {
      await onComplete({ kind: 'journalist', rating, propertyOption: option });
    } catch {
      onFailure();
    } finally {
      setSending(false);
      setConfirming(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Complete the task">
      <Stack spacing={3}>
        <RatingField
          label="How was your experience?"
          value={rating}
          onChange={(v) => setRating(v)}
          error={errors.rating}
        />
        <FormControl error={!!errors.propertyOption}>
          <FormLabel id="coverage-label" sx={{ fontWeight: 600, color: 'text.primary' }}>
            Would you consider covering {task.brand.name}?
          </FormLabel>
          <RadioGroup
            aria-labelledby="coverage-label"
            name="propertyOption"
            value={option}
            onChange={(e) => setOption(e.target.value as CoverageOption)}
          >
            {COVERAGE_OPTIONS.map((o) => (
              <FormControlLabel key={o} value={o} control={<Radio />} label={o} />
            ))}
          </RadioGroup>
          {errors.propertyOption && <FormHelperText>{errors.propertyOption}</FormHelperText>}
        </FormControl>
        <Box>
          <Button type="submit" variant="contained" size="large" disabled={!rating || !option || sending}>
            Submit
          </Button>
        </Box>
      </Stack>
      <CompleteTaskDialog
        open={confirming}
        brandName={task.brand.name}
        pending={sending}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      />
    </Box>
  );
}
