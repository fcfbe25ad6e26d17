import { useParams } from 'react-router';

import { ThreadNotFound, ThreadPage } from '../../features/inbox/components/thread-page';

/** /inbox/{conversationId}: one conversation (issue 26); an id that is not one is not asked for. */
export function InboxThreadRoute() {
  const { conversationId } = useParams();
  const id = Number(conversationId);
  if (!/^[1-9]\d{0,9}$/.test(conversationId ?? '') || !Number.isSafeInteger(id)) return <ThreadNotFound />;
  return <ThreadPage key={conversationId} conversationId={id} />;
}
