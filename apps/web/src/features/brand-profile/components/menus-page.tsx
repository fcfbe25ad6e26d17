import { LIMITS } from '@comped/shared/limits';
import { MSG } from '@comped/shared/messages';
import type { FileRef } from '@comped/shared/schemas/resources';
import { menuNameSchema } from '@comped/shared/validation/brand';
import DeleteIcon from '@mui/icons-material/Delete';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  FormHelperText,
  IconButton,
  LinearProgress,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useRef, useState } from 'react';

import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { PageTitle } from '../../../components/page-title';
import { ApiError } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import { useDeleteMenu, useUploadMenu } from '../api/brand';
import { useOwnBrand } from '../hooks/use-own-brand';
import { menuDownloadUrl } from './brand-profile-page';
import { Section } from './section';

/** /profile/menus: the brand's PDF menus, upload (name + file, with progress) and delete. */
export function MenusPage() {
  const { brandId, data: brand, isPending, isError, refetch } = useOwnBrand();
  return (
    <Stack spacing={3}>
      <PageTitle>Menus</PageTitle>
      {!brandId ? (
        <Alert severity="warning">No brand is linked to this account.</Alert>
      ) : isPending ? (
        <Loading label="Loading your menus" />
      ) : isError || !brand ? (
        <LoadError onRetry={refetch}>We couldn&apos;t load your menus.</LoadError>
      ) : (
        <>
          <UploadMenu brandId={brand.id} />
          <MenuList brandId={brand.id} menus={brand.menus} />
        </>
      )}
    </Stack>
  );
}

function UploadMenu({ brandId }: { brandId: number }) {
  const snackbar = useSnackbar();
  const upload = useUploadMenu(brandId);
  const input = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ name?: string; file?: string }>({});
  const [progress, setProgress] = useState<number | null>(null);

  function pick(f: File | undefined) {
    setErrors((e) => ({ ...e, file: undefined }));
    if (!f) return setFile(null);
    if (f.size > LIMITS.menuBytes) {
      setErrors((e) => ({ ...e, file: MSG.menuTooLarge }));
      return setFile(null);
    }
    setFile(f);
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = menuNameSchema.safeParse(name);
    const next: typeof errors = {};
    if (!parsed.success) next.name = parsed.error.issues[0]?.message;
    if (!file) next.file = MSG.fileRequired;
    setErrors(next);
    if (!parsed.success || !file) return;
    setProgress(0);
    try {
      await upload.mutateAsync({ file, name: parsed.data, onProgress: setProgress });
      setName('');
      setFile(null);
      if (input.current) input.current.value = '';
      snackbar('The menu was uploaded');
    } catch (err) {
      if (err instanceof ApiError && err.isValidation && Object.keys(err.errors).length > 0) {
        setErrors({ name: err.field('name'), file: err.field('file') });
      } else {
        snackbar(MSG.menuSaveFailed, 'error');
      }
    } finally {
      setProgress(null);
    }
  }

  return (
    <Section title="Upload a menu">
      <Stack component="form" spacing={2} noValidate onSubmit={(e) => void submit(e)} aria-label="Upload a menu">
        <TextField
          id="menu-name"
          label="Menu name"
          value={name}
          required
          onChange={(e) => {
            setName(e.target.value);
            setErrors((x) => ({ ...x, name: undefined }));
          }}
          error={!!errors.name}
          helperText={errors.name ?? 'For example: Dinner, Brunch, Wine list'}
          slotProps={{ htmlInput: { maxLength: LIMITS.menuName } }}
        />
        <Box>
          <input
            ref={input}
            id="menu-file"
            type="file"
            accept="application/pdf,.pdf"
            hidden
            onChange={(e) => pick(e.target.files?.[0])}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <Button
              variant="outlined"
              startIcon={<UploadFileIcon />}
              onClick={() => input.current?.click()}
              aria-describedby="menu-file-status"
            >
              Choose PDF
            </Button>
            <Typography id="menu-file-status" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {file ? file.name : `No file chosen (PDF, up to ${LIMITS.menuBytes / (1024 * 1024)}MB)`}
            </Typography>
          </Stack>
          {errors.file ? <FormHelperText error>{errors.file}</FormHelperText> : null}
        </Box>
        {progress !== null ? (
          <Box>
            <LinearProgress variant="determinate" value={progress} aria-label="Menu upload progress" />
            <Typography variant="caption">Uploading… {progress}%</Typography>
          </Box>
        ) : null}
        <Box>
          <Button type="submit" variant="contained" disabled={progress !== null}>
            Upload menu
          </Button>
        </Box>
      </Stack>
    </Section>
  );
}

function MenuList({ brandId, menus }: { brandId: number; menus: FileRef[] }) {
  const snackbar = useSnackbar();
  const remove = useDeleteMenu(brandId);
  const [toDelete, setToDelete] = useState<FileRef | null>(null);

  async function confirm() {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.path);
    } catch {
      snackbar(MSG.removeFailed, 'error');
    } finally {
      setToDelete(null);
    }
  }

  return (
    <Section title="Your menus">
      {menus.length === 0 ? (
        <Alert severity="info">No menus yet. Upload your first menu above.</Alert>
      ) : (
        <List disablePadding>
          {menus.map((menu) => (
            <ListItem
              key={menu.id}
              disablePadding
              divider
              secondaryAction={
                <IconButton edge="end" aria-label={`Delete ${menu.name}`} onClick={() => setToDelete(menu)}>
                  <DeleteIcon />
                </IconButton>
              }
            >
              <ListItemButton component="a" href={menuDownloadUrl(menu)} target="_blank" rel="noopener">
                <ListItemIcon>
                  <PictureAsPdfIcon aria-hidden />
                </ListItemIcon>
                <ListItemText primary={menu.name} secondary="PDF" />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
      <ConfirmDialog
        open={!!toDelete}
        title="Delete this menu?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setToDelete(null)}
      >
        {toDelete ? `"${toDelete.name}" will be removed from your profile.` : ''}
      </ConfirmDialog>
    </Section>
  );
}
