import { BrandView } from '../../features/brand-profile/components/brand-view';

/** /brands/{id}: brand profile view fed through navigation state. */
export function BrandViewRoute() {
  return <BrandView />;
}
