import { LIMITS } from '@comped/shared/limits';
import { MSG } from '@comped/shared/messages';
import { Avatar, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useRef, useState } from 'react';

import { ApiError, fileUrl } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import { useSession } from '../../../lib/use-session';
import { useUploadLogo } from '../api/brand';

const MB = 1024 * 1024;

/** The brand logo with a "Change logo" upload (png, jpeg, svg; 10 MB) and its progress. */
export function LogoUploader({ brandId, name, logo }: { brandId: number; name: string; logo: string | null }) {
  const snackbar = useSnackbar();
  const { refreshUser } = useSession();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useUploadLogo(brandId);

  async function onFile(file: File | undefined) {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (file.size > LIMITS.imageBytes) {
      snackbar(MSG.imageTooLarge, 'error');
      return;
    }
    setProgress(0);
    try {
      await upload.mutateAsync({ file, onProgress: setProgress });
      snackbar(MSG.brandUpdated);
      // The sidebar shows the logo from the session user.
      void refreshUser().catch(() => undefined);
    } catch (err) {
      snackbar(err instanceof ApiError && err.isValidation ? err.message : MSG.saveFailed, 'error');
    } finally {
      setProgress(null);
    }
  }

  return (
    <Stack spacing={1} sx={{ alignItems: 'center', width: 140 }}>
      <Avatar
        src={fileUrl(logo)}
        alt={logo ? `${name} logo` : undefined}
        variant="rounded"
        sx={{ width: 112, height: 112, fontSize: 40, bgcolor: 'primary.main' }}
      >
        {name.slice(0, 1).toUpperCase()}
      </Avatar>
      <input
        ref={input}
        id={`brand-logo-input-${brandId}`}
        type="file"
        accept="image/png,image/jpeg,image/svg+xml"
        hidden
        onChange={(e) => void onFile(e.target.files?.[0])}
      />
      <Button size="small" variant="outlined" onClick={() => input.current?.click()} disabled={progress !== null}>
        {logo ? 'Change logo' : 'Upload logo'}
      </Button>
      {progress !== null ? (
        <Box sx={{ width: '100%' }}>
          <LinearProgress variant="determinate" value={progress} aria-label="Logo upload progress" />
          <Typography variant="caption">{progress}%</Typography>
        </Box>
      ) : (
        <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
          PNG, JPEG or SVG, up to {LIMITS.imageBytes / MB}MB
        </Typography>
      )}
    </Stack>
  );
}
