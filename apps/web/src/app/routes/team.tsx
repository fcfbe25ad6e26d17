import { TeamPage } from '../../features/team/components/team-page';

/** /profile/team (the brand's owner): managers, hosts and invitations. */
export function TeamRoute() {
  return <TeamPage />;
}
