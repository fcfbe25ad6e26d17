import { useParams } from 'react-router';

import { PublicMediaProfile } from '../../features/media-profile/components/public-media-profile';

/** /profile/{influencerId}: public profile of a media user (spec section 2). */
export function MediaProfileRoute() {
  const { influencerId } = useParams();
  return <PublicMediaProfile key={influencerId} id={Number(influencerId)} />;
}
