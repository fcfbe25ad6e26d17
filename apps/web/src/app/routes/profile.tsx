import { BrandProfilePage } from '../../features/brand-profile/components/brand-profile-page';
import { OwnMediaProfile } from '../../features/media-profile/components/own-media-profile';
import { useUser } from '../../lib/use-session';

/** /profile: the brand's profile for owners, the media user's own profile otherwise. */
export function ProfileRoute() {
  const user = useUser();
  return user.profile.type === 'brands' ? <BrandProfilePage /> : <OwnMediaProfile />;
}
