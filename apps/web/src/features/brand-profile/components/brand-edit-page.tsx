import { Alert, Stack } from '@mui/material';

import { LoadError } from '../../../components/load-error';
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
        <LoadError onRetry={refetch}>We couldn&apos;t load your brand.</LoadError>
      ) : (
        <BrandEditForm brand={data} />
      )}
    </Stack>
  );
}
