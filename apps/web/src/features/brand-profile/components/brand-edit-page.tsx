import { Alert, Button, Stack } from '@mui/material';
import { Loading } from '../../../components/loading';
import { PageTitle } from '../../../components/page-title';
import { useOwnBrand } from '../hooks/use-own-brand';
import { BrandEditForm } from './brand-edit-form';

/** /profile/edit. */
export function BrandEditPage() {
  const { brandId, data, isPending, isError, refetch } = useOwnBrand();
  return (
    <Stack spacing={2}>
      <PageTitle>Edit profile</PageTitle>
      {!brandId ? (
        <Alert severity="warning">No brand is linked to this account.</Alert>
      ) : isPending ? (
        <Loading label="Loading your brand" />
      ) : isError || !data ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void refetch()}>
              Retry
            </Button>
          }
        >
          We couldn&apos;t load your brand.
        </Alert>
      ) : (
        <BrandEditForm brand={data} />
      )}
    </Stack>
  );
}
