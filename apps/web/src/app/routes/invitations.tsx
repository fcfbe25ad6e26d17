import { InvitationsPage } from '../../features/invitations/components/invitations-page';

/** /invitations (media users): their invitations to campaigns (issue 28). */
export function InvitationsRoute() {
  return <InvitationsPage />;
}
