import { MSG } from '@comped/shared/messages';
import { PROFILE_PICTURE_ACCEPT, profilePictureError } from '@comped/shared/validation/media-profile';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { Avatar, Box, Button, FormHelperText, LinearProgress, Stack } from '@mui/material';
import type { ChangeEvent } from 'react';
import { useId, useRef, useState } from 'react';

import { ApiError, fileUrl } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import { useSession } from '../../../lib/use-session';
import { useUploadPicture } from '../api/upload-picture';

/** The profile picture with a Change picture button (png, jpeg, svg; 10 MB) and upload progress. */
export function PictureUpload({ userId, name, picture }: { userId: number; name: string; picture: string | null }) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const snackbar = useSnackbar();
  const { refreshUser } = useSession();
  const upload = useUploadPicture(userId, setProgress);

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = profilePictureError(file);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setProgress(0);
    upload.mutate(file, {
      onSuccess: () => {
        snackbar(MSG.profileUpdated);
        void refreshUser().catch(() => undefined);
      },
      onError: (err) => setError(err instanceof ApiError ? (err.field('file') ?? err.message) : MSG.somethingWrongDot),
      onSettled: () => setProgress(null),
    });
  };

  return (
    <Stack spacing={1} sx={{ alignItems: 'center', width: 160 }}>
      <Avatar src={fileUrl(picture)} alt={name} sx={{ width: 112, height: 112, fontSize: 40 }}>
        {name.charAt(0).toUpperCase()}
      </Avatar>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={PROFILE_PICTURE_ACCEPT}
        hidden
        onChange={onFile}
        aria-label="Profile picture file"
      />
      <Button
        size="small"
        variant="outlined"
        startIcon={<PhotoCameraIcon />}
        onClick={() => inputRef.current?.click()}
        disabled={upload.isPending}
      >
        Change picture
      </Button>
      {progress !== null && (
        <Box sx={{ width: '100%' }}>
          <LinearProgress variant="determinate" value={progress} aria-label="Upload progress" />
        </Box>
      )}
      <FormHelperText sx={{ textAlign: 'center' }}>PNG, JPEG or SVG, up to 10 MB</FormHelperText>
      {error && (
        <FormHelperText error role="alert" sx={{ textAlign: 'center' }}>
          {error}
        </FormHelperText>
      )}
    </Stack>
  );
}
