import { PageTitle } from '../../components/page-title';

// Placeholder until this screen's feature work lands.
export function TaskDetailsRoute() {
  return <PageTitle>task-details</PageTitle>;
}
