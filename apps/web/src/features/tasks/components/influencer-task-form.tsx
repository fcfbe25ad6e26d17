import { MSG } from '@comped/shared/messages';
import type { PostHandles } from '@comped/shared/post-links';
import { checkPostLink } from '@comped/shared/post-links';
import type { TaskResource } from '@comped/shared/schemas/resources';
import type { InfluencerTaskFormValues, TaskPostInput } from '@comped/shared/validation/task';
import {
  influencerTaskFormSchema,
  requiredPostCounts,
  storiesCheckboxLabel,
  storyPlaceholderLink,
} from '@comped/shared/validation/task';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';

import { ApiError } from '../../../lib/api-client';
import { formResolver } from '../../../lib/forms/form-resolver';
import type { CompleteTaskInput } from '../api/complete-task';
import { CompleteTaskDialog } from './complete-task-dialog';
import { RatingField } from './rating-field';
import { RequirementsTable } from './requirements-table';

interface InfluencerTaskFormProps {
  task: TaskResource;
  /** The user's handles: a post must be theirs; the story placeholder names their Instagram. */
  handles: PostHandles;
  /** Completes the task; a thrown ApiError with field errors lands under the matching inputs. */
  onComplete: (input: CompleteTaskInput) => Promise<void>;
  onFailure: () => void;
}

/**
 * The influencer's task form (spec sections 4 and 5): the requirements, one URL per required post,
 * the stories checkbox, a 1-5 rating and the completion checkbox. Submit stays disabled until a
 * rating is chosen and the checkbox ticked, then a "Complete task" dialog asks for confirmation.
 */
export function InfluencerTaskForm({ task, handles, onComplete, onFailure }: InfluencerTaskFormProps) {
  const need = requiredPostCounts(task.influencer_instructions);
  const schema = useMemo(() => influencerTaskFormSchema(need.stories), [need.stories]);
  const {
    control,
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<InfluencerTaskFormValues>({
    resolver: formResolver(schema),
    defaultValues: {
      links: Array.from({ length: need.posts }, () => ({ url: '' })),
      storiesPosted: false,
      rating: null,
      confirmed: false,
    },
  });
  const [pendingPosts, setPendingPosts] = useState<{ posts: TaskPostInput[]; rating: number } | null>(null);
  const [sending, setSending] = useState(false);
  const rating = watch('rating');
  const confirmed = watch('confirmed');

  const onValid = (values: InfluencerTaskFormValues) => {
    // The offline rules the server applies (network, post shape, the user's own account) say a wrong
    // link under its field now, before the "cannot be undone" confirmation rather than after it.
    const refused = values.links
      .map((l, i) => ({ i, verdict: checkPostLink(l.url.trim(), 'post', handles) }))
      .filter((r) => !r.verdict.ok);
    for (const { i, verdict } of refused) {
      if (!verdict.ok) setError(`links.${i}.url`, { message: verdict.message }, { shouldFocus: i === refused[0]!.i });
    }
    if (refused.length > 0) return;
    const posts: TaskPostInput[] = [
      ...values.links.map((l) => ({ type: 'post' as const, link: l.url.trim() })),
      ...Array.from({ length: need.stories }, () => ({
        type: 'story' as const,
        link: storyPlaceholderLink(handles.instagram ?? null),
      })),
    ];
    setPendingPosts({ posts, rating: values.rating ?? 0 });
  };

  const confirm = async () => {
    if (!pendingPosts) return;
    setSending(true);
    try {
      await onComplete({ kind: 'influencer', posts: pendingPosts.posts, rating: pendingPosts.rating });
    } catch (err) {
      let placed = false;
      if (err instanceof ApiError) {
        for (const [field, messages] of Object.entries(err.errors)) {
          const m = /^posts\.(\d+)\.link$/.exec(field);
          if (m && Number(m[1]) < need.posts) {
            setError(`links.${Number(m[1])}.url`, { message: messages[0] ?? MSG.invalidPostUrl });
            placed = true;
          }
        }
      }
      // A refused link says why under its field; "something went wrong" only for what it cannot say.
      if (!placed) onFailure();
    } finally {
      setSending(false);
      setPendingPosts(null);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void handleSubmit(onValid)(event)}
      aria-label="Complete the task"
    >
      <Stack spacing={3}>
        <Box>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            Requirements
          </Typography>
          <RequirementsTable instructions={task.influencer_instructions} />
        </Box>

        {need.posts > 0 && (
          <Stack spacing={2}>
            <Typography variant="h6" component="h2">
              Your posts
            </Typography>
            {Array.from({ length: need.posts }, (_, i) => (
              <TextField
                key={i}
                type="url"
                required
                label={`Post #${i + 1} link`}
                placeholder="https://www.instagram.com/p/..."
                {...register(`links.${i}.url`)}
                error={!!errors.links?.[i]?.url}
                helperText={errors.links?.[i]?.url?.message ?? 'Paste the link to your post'}
                slotProps={{ htmlInput: { inputMode: 'url', autoComplete: 'url' } }}
                fullWidth
              />
            ))}
          </Stack>
        )}

        {need.stories > 0 && (
          <Box>
            <Controller
              control={control}
              name="storiesPosted"
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={field.value}
                      onChange={(e) => field.onChange(e.target.checked)}
                      onBlur={field.onBlur}
                    />
                  }
                  label={storiesCheckboxLabel(need.stories)}
                />
              )}
            />
            {errors.storiesPosted && <FormHelperText error>{errors.storiesPosted.message}</FormHelperText>}
            <FormHelperText>Stories disappear after 24 hours, so no link is needed.</FormHelperText>
          </Box>
        )}

        <Controller
          control={control}
          name="rating"
          render={({ field }) => (
            <RatingField
              label="How was your experience?"
              value={field.value}
              onChange={field.onChange}
              error={errors.rating?.message}
            />
          )}
        />

        <Box>
          <Controller
            control={control}
            name="confirmed"
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Checkbox
                    checked={field.value}
                    onChange={(e) => field.onChange(e.target.checked)}
                    onBlur={field.onBlur}
                  />
                }
                label="I confirm that I've completed all the requirements of this task"
              />
            )}
          />
          {errors.confirmed && <FormHelperText error>{errors.confirmed.message}</FormHelperText>}
        </Box>

        {(!rating || !confirmed) && (
          <Alert severity="info" variant="outlined">
            Choose a rating and tick the confirmation to submit.
          </Alert>
        )}

        <Box>
          <Button type="submit" variant="contained" size="large" disabled={!rating || !confirmed || sending}>
            Submit
          </Button>
        </Box>
      </Stack>
      <CompleteTaskDialog
        open={!!pendingPosts}
        brandName={task.brand.name}
        pending={sending}
        onConfirm={() => void confirm()}
        onCancel={() => setPendingPosts(null)}
      />
    </Box>
  );
}
