import { PageTitle } from '../../components/page-title';

// Placeholder until this screen's feature work lands.
export function LoginRoute() {
  return <PageTitle>login</PageTitle>;
}
