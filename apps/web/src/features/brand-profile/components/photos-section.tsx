import { LIMITS } from '@comped/shared/limits';
import { MSG, photosNotAdded } from '@comped/shared/messages';
import type { FileRef } from '@comped/shared/schemas/resources';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import DeleteIcon from '@mui/icons-material/Delete';
import { Alert, Box, Button, IconButton, LinearProgress, Typography } from '@mui/material';
import { useRef, useState } from 'react';

import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { ApiError, fileUrl } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import { useDeletePhoto, useUploadPhoto } from '../api/photos';
import { Section } from './section';

const HINT_BYTES = LIMITS.imageHintMb * 1024 * 1024;

/** The brand's gallery: up to 5 photos, upload with progress, delete after confirmation. */
export function PhotosSection({
  brandId,
  photos,
  title = 'Photos',
}: {
  brandId: number;
  photos: FileRef[];
  title?: string;
}) {
  const snackbar = useSnackbar();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<FileRef | null>(null);
  const upload = useUploadPhoto(brandId);
  const remove = useDeletePhoto(brandId);
  const shown = photos.slice(0, LIMITS.galleryPhotos);
  const full = photos.length >= LIMITS.galleryPhotos;

  async function onFiles(list: FileList | null) {
    const chosen = Array.from(list ?? []);
    const room = LIMITS.galleryPhotos - photos.length;
    const files = chosen.slice(0, room);
    if (input.current) input.current.value = '';
    // More than the gallery holds: say which were left out rather than drop them without a word.
    if (chosen.length > room) {
      snackbar(
        photosNotAdded(
          LIMITS.galleryPhotos,
          chosen.slice(room).map((f) => f.name),
        ),
        'error',
      );
    }
    for (const file of files) {
      if (file.size > HINT_BYTES) {
        snackbar(MSG.photosHint, 'error');
        continue;
      }
      setProgress(0);
      try {
        await upload.mutateAsync({ file, onProgress: setProgress });
      } catch (err) {
        const detail = err instanceof ApiError && err.isValidation ? err.message : undefined;
        snackbar(MSG.photosSaveFailed, 'error', detail);
      } finally {
        setProgress(null);
      }
    }
  }

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      setToDelete(null);
    } catch {
      setToDelete(null);
      snackbar(MSG.removeFailed, 'error');
    }
  }

  return (
    <Section
      title={title}
      action={
        <>
          <input
            ref={input}
            id={`brand-photos-input-${brandId}`}
            type="file"
            accept="image/png,image/jpeg"
            multiple
            hidden
            onChange={(e) => void onFiles(e.target.files)}
          />
          <Button
            variant="outlined"
            startIcon={<AddPhotoAlternateIcon />}
            onClick={() => input.current?.click()}
            disabled={full || progress !== null}
          >
            Add photos
          </Button>
        </>
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} id={`brand-photos-help-${brandId}`}>
        {MSG.brandPhotoHelp}
        {full ? ` · ${LIMITS.galleryPhotos} photos at most: delete one to add another.` : ''}
      </Typography>
      {progress !== null ? (
        <Box sx={{ mb: 2 }}>
          <LinearProgress variant="determinate" value={progress} aria-label="Photo upload progress" />
          <Typography variant="caption">Uploading… {progress}%</Typography>
        </Box>
      ) : null}
      {shown.length === 0 ? (
        <Alert severity="info">No photos yet. Add up to {LIMITS.galleryPhotos} photos of your place.</Alert>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(5, 1fr)' },
          }}
        >
          {shown.map((photo, i) => (
            <Box
              key={photo.id}
              sx={{ position: 'relative', borderRadius: 1, overflow: 'hidden', aspectRatio: '5 / 3' }}
            >
              <Box
                component="img"
                src={fileUrl(photo.thumb_path ?? photo.path)}
                alt={`Brand photo ${i + 1}`}
                sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
              />
              <IconButton
                aria-label={`Delete photo ${i + 1}`}
                onClick={() => setToDelete(photo)}
                size="small"
                sx={{
                  position: 'absolute',
                  top: 4,
                  right: 4,
                  bgcolor: 'rgba(255,255,255,0.9)',
                  '&:hover': { bgcolor: '#fff' },
                }}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
      <ConfirmDialog
        open={!!toDelete}
        title="Delete this photo?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      >
        The photo will be removed from your brand profile.
      </ConfirmDialog>
    </Section>
  );
}
