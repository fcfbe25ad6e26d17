import { InboxPage } from '../../features/inbox/components/inbox-page';

/** /inbox: the user's conversations (issue 26). */
export function InboxRoute() {
  return <InboxPage />;
}
