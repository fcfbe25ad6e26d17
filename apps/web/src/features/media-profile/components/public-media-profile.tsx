import { Alert, Button } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useMediaProfile } from '../api/get-media-profile';
import { ProfileCard } from './profile-card';

/** /profile/{influencerId}: the public profile of a media user, reached from a booking card. */
export function PublicMediaProfile({ id }: { id: number }) {
  const query = useMediaProfile(id);
  const title = query.data?.name ?? 'Media profile';
  return (
    <>
      <PageTitle title={title}>Media profile</PageTitle>
      {query.isPending ? (
        <Loading label="Loading profile" />
      ) : query.isError ? (
        query.error instanceof ApiError && (query.error.status === 403 || query.error.status === 404) ? (
          <Alert
            severity="warning"
            action={
              <Button color="inherit" size="small" component={RouterLink} to={paths.bookings.getHref()}>
                Bookings
              </Button>
            }
          >
            This profile is shown to brands this person has booked with.
          </Alert>
        ) : (
          <LoadError onRetry={query.refetch} />
        )
      ) : (
        <ProfileCard profile={query.data} />
      )}
    </>
  );
}
