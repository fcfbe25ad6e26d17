import { Stack } from '@mui/material';

import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { PageTitle } from '../../../components/page-title';
import { TierCheckNotice } from '../../../components/tier-check-notice';
import { useUser } from '../../../lib/use-session';
import { useMediaProfile } from '../api/get-media-profile';
import { DirectoryListingSwitch } from './directory-listing-switch';
import { MediaProfileForm } from './media-profile-form';
import { PictureUpload } from './picture-upload';
import { ProfileCard } from './profile-card';

/** /profile for media users: how brands see them, the picture upload and the edit form. */
export function OwnMediaProfile() {
  const user = useUser();
  const query = useMediaProfile(user.id);
  return (
    <>
      <PageTitle>Profile</PageTitle>
      <TierCheckNotice user={user} />
      {query.isPending ? (
        <Loading label="Loading profile" />
      ) : query.isError ? (
        <LoadError onRetry={query.refetch} />
      ) : (
        <Stack spacing={3}>
          <ProfileCard
            profile={query.data}
            pictureSlot={<PictureUpload userId={user.id} name={query.data.name} picture={query.data.profile_picture} />}
          />
          <DirectoryListingSwitch profile={query.data} />
          <MediaProfileForm key={query.data.id} profile={query.data} />
        </Stack>
      )}
    </>
  );
}
