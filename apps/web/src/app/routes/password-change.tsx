import { PageTitle } from '../../components/page-title';

// Placeholder until this screen's feature work lands.
export function PasswordChangeRoute() {
  return <PageTitle>password-change</PageTitle>;
}
