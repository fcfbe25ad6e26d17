import { CreatorsPage } from '../../features/directory/components/creators-page';

/** /creators (brands with a plan): the creator directory (issue 28). */
export function CreatorsRoute() {
  return <CreatorsPage />;
}
