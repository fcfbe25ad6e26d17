import { PageTitle } from '../../components/page-title';

// Placeholder until this screen's feature work lands.
export function MediaProfileRoute() {
  return <PageTitle>media-profile</PageTitle>;
}
