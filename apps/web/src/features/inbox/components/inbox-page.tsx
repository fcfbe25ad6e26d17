import { MSG } from '@comped/shared/messages';
import type { ConversationResource } from '@comped/shared/schemas/conversations';
import type { SessionUser } from '@comped/shared/schemas/session';
import { Avatar, Box, List, ListItemAvatar, ListItemButton, ListItemText, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { Link as RouterLink } from 'react-router';

import { EmptyState } from '../../../components/empty-state';
import { InfiniteListFooter } from '../../../components/infinite-list-footer';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { InTurn } from '../../../lib/in-turn';
import { useHoldSpinner } from '../../../lib/use-hold-spinner';
import { useUser } from '../../../lib/use-session';
import { useInbox } from '../api/get-inbox';
import { formatSentAt, otherParty, visitOf } from './other-party';

/** The unread count as a pill: the number for the eye, the words for a screen reader. */
function UnreadPill({ count }: { count: number }) {
  return (
    <Box
      component="span"
      sx={{
        minWidth: 24,
        height: 24,
        px: 0.75,
        borderRadius: 12,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        fontSize: 13,
        fontWeight: 700,
        display: 'inline-grid',
        placeItems: 'center',
      }}
    >
      <span aria-hidden>{count}</span>
      <Box component="span" sx={visuallyHidden}>
        {count === 1 ? '1 unread message' : `${count} unread messages`}
      </Box>
    </Box>
  );
}

function preview(conversation: ConversationResource, user: SessionUser): string {
  const last = conversation.last_message;
  if (!last) return MSG.noMessagesYet;
  if (last.sender_id === user.id) return `You: ${last.body}`;
  // A teammate's message says who of the team wrote it (the media user's reads as theirs).
  return last.member_name ? `${last.member_name}: ${last.body}` : last.body;
}

function ConversationRow({ conversation, user }: { conversation: ConversationResource; user: SessionUser }) {
  const other = otherParty(conversation, user);
  const visit = visitOf(conversation);
  const unread = conversation.unread > 0;
  return (
    <li>
      <ListItemButton
        component={RouterLink}
        to={paths.inboxThread.getHref(conversation.id)}
        sx={{ borderRadius: 2, alignItems: 'flex-start', gap: 1 }}
      >
        <ListItemAvatar sx={{ mt: 0.5 }}>
          <Avatar src={other.picture} alt="">
            {other.name.charAt(0)}
          </Avatar>
        </ListItemAvatar>
        <ListItemText
          primary={
            <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
              <Box
                component="span"
                sx={{ flex: 1, minWidth: 0, fontWeight: unread ? 700 : 500, overflowWrap: 'anywhere' }}
              >
                {other.name}
              </Box>
              {conversation.last_message ? (
                <Typography component="span" variant="caption" sx={{ color: 'text.secondary', flexShrink: 0 }}>
                  {formatSentAt(conversation.last_message.sent_at)}
                </Typography>
              ) : null}
            </Box>
          }
          secondary={
            <>
              {visit ? (
                <Box component="span" sx={{ display: 'block', color: 'text.secondary', overflowWrap: 'anywhere' }}>
                  {visit}
                </Box>
              ) : null}
              <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                <Box
                  component="span"
                  sx={{
                    flex: 1,
                    minWidth: 0,
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                    whiteSpace: 'nowrap',
                    color: unread ? 'text.primary' : 'text.secondary',
                  }}
                >
                  {preview(conversation, user)}
                </Box>
                {unread ? <UnreadPill count={conversation.unread} /> : null}
              </Box>
            </>
          }
          slotProps={{ primary: { component: 'span' }, secondary: { component: 'span' } }}
        />
      </ListItemButton>
    </li>
  );
}

/** /inbox: the user's conversations, newest activity first, with their unread counts. */
export function InboxPage() {
  const user = useUser();
  const query = useInbox();
  const items = query.data?.pages.flatMap((p) => p.data) ?? [];
  const holding = useHoldSpinner(query.isPending);
  return (
    <Box sx={{ maxWidth: 720 }}>
      <PageTitle>Inbox</PageTitle>
      {query.isPending || holding ? (
        <Loading label="Loading conversations" />
      ) : query.isError && items.length === 0 ? (
        <LoadError onRetry={query.refetch}>We couldn&apos;t load your conversations.</LoadError>
      ) : items.length === 0 ? (
        <EmptyState title="No conversations yet" text={MSG.noConversationsYet} />
      ) : (
        <List aria-label="Conversations" sx={{ p: 0 }}>
          {items.map((c) => (
            <InTurn key={c.id}>
              <ConversationRow conversation={c} user={user} />
            </InTurn>
          ))}
        </List>
      )}
      {items.length > 0 ? (
        <InTurn>
          <InfiniteListFooter query={query} loadingLabel="Loading more conversations" />
        </InTurn>
      ) : null}
    </Box>
  );
}
