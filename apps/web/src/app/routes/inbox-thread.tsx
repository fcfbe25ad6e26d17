import { useParams } from 'react-router';

import { ThreadPage } from '../../features/inbox/components/thread-page';

/** /inbox/{conversationId}: one conversation (issue 26). */
export function InboxThreadRoute() {
  const { conversationId } = useParams();
  return <ThreadPage key={conversationId} conversationId={Number(conversationId)} />;
}
