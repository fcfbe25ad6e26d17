import { PageTitle } from '../../components/page-title';

// Placeholder until this screen's feature work lands.
export function SignupRoute() {
  return <PageTitle>signup</PageTitle>;
}
