import { LIMITS } from '@comped/shared/limits';
import { MSG } from '@comped/shared/messages';
import { Alert, Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';

import { useLocation } from '../../../api/locations';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import { useDeleteLocation } from '../api/delete-location';
import { useSaveLocation } from '../api/save-location';
import { useOwnBrand } from '../hooks/use-own-brand';
import { LocationForm } from './location-form';

/** /profile/location (add) and /profile/location/{id} (edit). */
export function LocationPage() {
  const { locationId } = useParams();
  const id = locationId ? Number(locationId) : undefined;
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const brand = useOwnBrand();
  const location = useLocation(id);
  const save = useSaveLocation(id);
  const remove = useDeleteLocation();
  const [confirming, setConfirming] = useState(false);

  if (id !== undefined && !Number.isInteger(id)) return <Alert severity="error">This location does not exist.</Alert>;
  if (id && location.isPending) return <Loading label="Loading the location" />;
  if (id && location.isError)
    return location.error instanceof ApiError && location.error.status === 404 ? (
      <Alert severity="error">This location does not exist.</Alert>
    ) : (
      <LoadError onRetry={location.refetch}>We couldn&apos;t load this location.</LoadError>
    );
  const atMax = !id && (brand.data?.locations.length ?? 0) >= LIMITS.maxLocations;

  async function onSubmit(payload: Parameters<typeof save.mutateAsync>[0]) {
    try {
      await save.mutateAsync(payload);
      snackbar(MSG.locationUpdated);
      navigate(paths.profile.getHref());
    } catch (err) {
      // 422: the form shows the field errors or the server's message; anything else is a snackbar.
      if (!(err instanceof ApiError && err.isValidation)) snackbar(MSG.locationSaveFailed, 'error');
      throw err;
    }
  }

  async function onDelete() {
    if (!id) return;
    try {
      await remove.mutateAsync(id);
      setConfirming(false);
      snackbar(MSG.locationDeleted);
      navigate(paths.profile.getHref());
    } catch {
      setConfirming(false);
      snackbar(MSG.locationDeleteFailed, 'error');
    }
  }

  return (
    <Stack spacing={2}>
      <PageTitle>{id ? 'Edit location' : 'Add location'}</PageTitle>
      {atMax ? (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" onClick={() => navigate(paths.profile.getHref())}>
              Back to profile
            </Button>
          }
        >
          {MSG.maxLocationsReached}
        </Alert>
      ) : null}
      <LocationForm
        key={location.data?.id ?? 'new'}
        location={location.data}
        tzDefault=""
        onSubmit={onSubmit}
        onCancel={() => navigate(paths.profile.getHref())}
        onDelete={id ? () => setConfirming(true) : undefined}
      />
      <ConfirmDialog
        open={confirming}
        title="Delete this location?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onConfirm={() => void onDelete()}
        onClose={() => setConfirming(false)}
      >
        Media users will no longer be able to book visits at this location. Past bookings keep it.
      </ConfirmDialog>
    </Stack>
  );
}
