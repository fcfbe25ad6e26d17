import { PageTitle } from '../../../components/page-title';

// Placeholder until the media profile work lands.
export function OwnMediaProfile() {
  return <PageTitle>Profile</PageTitle>;
}
