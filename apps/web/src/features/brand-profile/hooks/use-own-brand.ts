import { useUser } from '../../../lib/use-session';
import { useBrand } from '../api/brand';

/** The signed-in owner's brand id (from the session) and its resource. */
export function useOwnBrand() {
  const user = useUser();
  const brandId = user.profile.brands[0]?.id;
  const query = useBrand(brandId);
  return { brandId, ...query };
}
