import { LIMITS } from '@comped/shared/limits';
import { MSG } from '@comped/shared/messages';
import type { FileRef } from '@comped/shared/schemas/resources';
import { FEATURED_PHOTO_TYPES, featuredPhotoFileIssue } from '@comped/shared/validation/campaign';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import CloseIcon from '@mui/icons-material/Close';
import { Box, Button, FormHelperText, IconButton, Stack, Typography } from '@mui/material';
import { useEffect, useId, useMemo, useState } from 'react';

import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { fileUrl } from '../../../lib/api-client';

export interface FeaturedPhotosFieldProps {
  saved: FileRef[];
  pending: File[];
  error: string | null;
  busy: boolean;
  onAdd(files: File[]): void;
  onRemovePending(index: number): void;
  onDeleteSaved(photo: FileRef): void;
  onClearAll(): void;
  onError(message: string | null): void;
}

/**
 * Featured photos: PNG or JPEG, each up to LIMITS.imageBytes, at most LIMITS.galleryPhotos in all, at
 * least one. Saved photos are deleted on the server (one by one, or all after a confirmation); picked
 * ones upload with Next.
 */
export function FeaturedPhotosField(props: FeaturedPhotosFieldProps) {
  const { saved, pending, error, busy, onAdd, onRemovePending, onDeleteSaved, onClearAll, onError } = props;
  const inputId = useId();
  const helpId = useId();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const previews = useMemo(() => pending.map((f) => URL.createObjectURL(f)), [pending]);
  useEffect(() => () => previews.forEach((u) => URL.revokeObjectURL(u)), [previews]);
  const total = saved.length + pending.length;
  const room = LIMITS.galleryPhotos - total;

  function pick(list: FileList | null) {
    if (!list) return;
    const files = Array.from(list);
    const accepted: File[] = [];
    let problem: string | null = null;
    for (const file of files) {
      const issue = featuredPhotoFileIssue(file);
      if (issue) problem = issue;
      else if (accepted.length >= room) problem = MSG.tooManyPhotos;
      else accepted.push(file);
    }
    onError(problem);
    if (accepted.length > 0) onAdd(accepted);
  }

  return (
    <Box component="section" aria-labelledby={`${inputId}-title`}>
      <Typography id={`${inputId}-title`} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Featured photos *
      </Typography>
      <Typography id={helpId} variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        PNG or JPEG, up to {LIMITS.imageBytes / (1024 * 1024)}MB each (600x360 pixels or larger looks best). Up to{' '}
        {LIMITS.galleryPhotos} photos.
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(5, 1fr)' },
          gap: 1.5,
          mb: 1.5,
        }}
      >
        {saved.map((p, i) => (
          <PhotoTile
            key={p.name}
            src={fileUrl(p.thumb_path ?? p.path)}
            alt={`Featured photo ${i + 1}`}
            removeLabel={`Delete featured photo ${i + 1}`}
            disabled={busy}
            onRemove={() => onDeleteSaved(p)}
          />
        ))}
        {pending.map((f, i) => (
          <PhotoTile
            key={`${f.name}-${i}`}
            src={previews[i]}
            alt={`New photo ${f.name}`}
            removeLabel={`Remove new photo ${f.name}`}
            disabled={busy}
            onRemove={() => onRemovePending(i)}
            note="Uploads with Next"
          />
        ))}
      </Box>
      <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          component="label"
          variant="outlined"
          startIcon={<AddPhotoAlternateOutlinedIcon />}
          disabled={busy || room <= 0}
          htmlFor={inputId}
        >
          Add photos
          <input
            id={inputId}
            type="file"
            hidden
            multiple
            accept={FEATURED_PHOTO_TYPES.join(',')}
            aria-describedby={helpId}
            onChange={(e) => {
              pick(e.target.files);
              e.target.value = '';
            }}
          />
        </Button>
        <Button color="error" disabled={busy || total === 0} onClick={() => setConfirmOpen(true)}>
          Clear all
        </Button>
      </Stack>
      {error ? (
        <FormHelperText error role="alert">
          {error}
        </FormHelperText>
      ) : null}
      <ConfirmDialog
        open={confirmOpen}
        title="Remove all photos?"
        confirmLabel="Remove all"
        destructive
        onConfirm={() => {
          setConfirmOpen(false);
          onClearAll();
        }}
        onClose={() => setConfirmOpen(false)}
      >
        Every featured photo of this campaign will be deleted. You will need to add at least one image to continue.
      </ConfirmDialog>
    </Box>
  );
}

function PhotoTile(props: {
  src: string | undefined;
  alt: string;
  removeLabel: string;
  disabled: boolean;
  onRemove(): void;
  note?: string;
}) {
  return (
    <Box sx={{ position: 'relative', borderRadius: 2, overflow: 'hidden', bgcolor: 'grey.200', aspectRatio: '5 / 3' }}>
      {props.src ? (
        <Box
          component="img"
          src={props.src}
          alt={props.alt}
          sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : null}
      <IconButton
        size="small"
        aria-label={props.removeLabel}
        disabled={props.disabled}
        onClick={props.onRemove}
        sx={{
          position: 'absolute',
          top: 4,
          right: 4,
          bgcolor: 'rgba(255,255,255,0.9)',
          '&:hover': { bgcolor: '#fff' },
        }}
      >
        <CloseIcon fontSize="small" />
      </IconButton>
      {props.note ? (
        <Typography
          variant="caption"
          sx={{ position: 'absolute', bottom: 0, left: 0, right: 0, px: 1, bgcolor: 'rgba(0,0,0,0.6)', color: '#fff' }}
        >
          {props.note}
        </Typography>
      ) : null}
    </Box>
  );
}
