import { MSG } from '@comped/shared/messages';
import type { MessageResource } from '@comped/shared/schemas/conversations';
import type { SessionUser } from '@comped/shared/schemas/session';
import { GENERAL_QUICK_REPLIES, QUICK_REPLIES } from '@comped/shared/validation/conversations';
import FlagIcon from '@mui/icons-material/OutlinedFlag';
import { Avatar, Box, Button, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';

import { LazyAlert } from '../../../components/lazy-alert';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { NotFoundAlert } from '../../../components/not-found-alert';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useHoldSpinner } from '../../../lib/use-hold-spinner';
import { useUser } from '../../../lib/use-session';
import { useConversation } from '../api/get-conversation';
import { useThread } from '../api/get-messages';
import { useMarkConversationRead } from '../api/mark-conversation-read';
import { Composer } from './composer';
import { MessageText } from './message-text';
import { formatSentAt, otherParty, visitOf } from './other-party';
import { ReportDialog } from './report-dialog';

/**
 * A message as the viewer reads it: `ours` is the viewer's side, at the right (for a brand's team,
 * a teammate's too, in a lighter bubble than the viewer's own); `mine` is the viewer's own.
 */
function MessageItem({
  message,
  mine,
  ours,
  seen,
}: {
  message: MessageResource;
  mine: boolean;
  ours: boolean;
  seen: boolean;
}) {
  if (message.kind === 'event') {
    return (
      <Box component="li" data-message-id={message.id} sx={{ textAlign: 'center', my: 1.5, px: 2 }}>
        <Typography
          variant="caption"
          sx={{
            display: 'inline-block',
            color: 'text.secondary',
            bgcolor: 'action.hover',
            px: 1.5,
            py: 0.5,
            borderRadius: 4,
          }}
        >
          {message.body} · {formatSentAt(message.sent_at)}
        </Typography>
      </Box>
    );
  }
  // A teammate's message says which of the team wrote it (the other side reads the brand's name).
  const teammate = ours && !mine ? message.sender?.member_name : undefined;
  return (
    <Box
      component="li"
      data-message-id={message.id}
      sx={{ display: 'flex', flexDirection: 'column', alignItems: ours ? 'flex-end' : 'flex-start', my: 1 }}
    >
      <Box
        sx={{
          maxWidth: { xs: '85%', md: '70%' },
          px: 1.5,
          py: 1,
          borderRadius: 3,
          bgcolor: mine ? 'primary.main' : ours ? 'action.selected' : 'background.paper',
          color: mine ? 'primary.contrastText' : 'text.primary',
          border: mine || ours ? 0 : 1,
          borderColor: 'divider',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        <Box component="span" sx={visuallyHidden}>
          {mine ? 'You' : (teammate ?? message.sender?.name ?? '')}:{' '}
        </Box>
        <MessageText text={message.body} />
      </Box>
      <Typography variant="caption" sx={{ color: 'text.secondary', mt: 0.25 }}>
        {teammate ? <span aria-hidden>{teammate} · </span> : null}
        {formatSentAt(message.sent_at)}
        {seen ? ' · Seen' : ''}
      </Typography>
    </Box>
  );
}

/** The other side's name as the page's heading and the document's title (screen readers announce it). */
function ThreadTitle({ name }: { name: string }) {
  useEffect(() => {
    document.title = `Conversation with ${name} · Comped`;
  }, [name]);
  return (
    <Typography variant="h5" component="h1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
      {name}
    </Typography>
  );
}

/** A conversation that does not exist or is not the user's: trying again cannot help. */
export function ThreadNotFound() {
  return (
    <NotFoundAlert backTo={paths.inbox.getHref()} backLabel="Back to inbox">
      This conversation was not found.
    </NotFoundAlert>
  );
}

/** The user's last message that the other side has read: it shows "Seen". */
function seenMessageId(messages: MessageResource[], user: SessionUser, readUpTo: number | null): number | null {
  if (readUpTo === null) return null;
  const mine = messages.filter((m) => m.kind === 'text' && m.sender?.id === user.id && m.id <= readUpTo);
  return mine.at(-1)?.id ?? null;
}

/**
 * /inbox/{id}: the conversation, oldest first with "Load earlier messages" above, the booking's
 * events inline, "Seen" under the user's last message read by the other side, and the composer
 * kept at the bottom of the screen. A message from the other side that arrives while the thread is
 * open is read out politely; the thread is marked read while it is on screen.
 */
export function ThreadPage({ conversationId }: { conversationId: number }) {
  const user = useUser();
  const conversation = useConversation(conversationId);
  const thread = useThread(conversationId);
  const markRead = useMarkConversationRead(conversationId);
  const [reporting, setReporting] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const end = useRef<HTMLDivElement | null>(null);
  const loading = conversation.isPending || thread.isPending;
  const holding = useHoldSpinner(loading);
  /** The messages are on the screen (not the spinner): the first scroll to the end waits for it. */
  const shown = !loading && !holding;

  const pages = thread.data?.pages;
  const messages = useMemo(() => (pages ? [...pages].reverse().flatMap((p) => p.data) : []), [pages]);
  const readUpTo = pages?.[0]?.meta.read_up_to ?? null;
  const lastId = messages.at(-1)?.id ?? null;
  const lastFromOther = [...messages].reverse().find((m) => m.kind === 'text' && m.sender?.id !== user.id);

  // Read while on screen: once per newest message from the other side (and when the tab comes back).
  const markedUpTo = useRef<number | null>(null);
  const markReadMutate = markRead.mutate;
  useEffect(() => {
    const mark = () => {
      if (!lastFromOther || markedUpTo.current === lastFromOther.id) return;
      if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
      markedUpTo.current = lastFromOther.id;
      markReadMutate();
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [lastFromOther, markReadMutate]);

  // Earlier messages come in above: the one that was first stays where the reader had it.
  const list = useRef<HTMLOListElement | null>(null);
  const anchor = useRef<{ id: number; top: number } | null>(null);
  const messageElement = (id: number) => list.current?.querySelector<HTMLElement>(`[data-message-id="${id}"]`);
  const loadEarlier = () => {
    const first = messages[0];
    const top = first ? messageElement(first.id)?.getBoundingClientRect().top : undefined;
    anchor.current = first && top !== undefined ? { id: first.id, top } : null;
    void thread.fetchNextPage();
  };
  useLayoutEffect(() => {
    const kept = anchor.current;
    if (!kept || messages[0]?.id === kept.id) return;
    anchor.current = null;
    const top = messageElement(kept.id)?.getBoundingClientRect().top;
    if (top !== undefined) window.scrollBy(0, top - kept.top);
  }, [messages]);

  // A new message at the end (not an earlier page): scroll to it, and read the other side's aloud.
  const shownLast = useRef<number | null>(null);
  useEffect(() => {
    if (lastId === null || !shown) return;
    const first = shownLast.current === null;
    if (!first && lastId > (shownLast.current ?? 0)) {
      const last = messages.at(-1);
      if (last && last.kind === 'text' && last.sender?.id !== user.id) {
        setAnnouncement(`New message from ${last.sender?.name ?? ''}: ${last.body}`);
      }
    }
    if (first || lastId > (shownLast.current ?? 0)) end.current?.scrollIntoView?.({ block: 'end' });
    shownLast.current = lastId;
  }, [lastId, messages, user.id, shown]);

  if (loading || holding) return <Loading label="Loading the conversation" />;
  if (conversation.isError || thread.isError) {
    const error = conversation.error ?? thread.error;
    if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return <ThreadNotFound />;
    return (
      <LoadError
        onRetry={() => {
          void conversation.refetch();
          void thread.refetch();
        }}
      >
        We couldn&apos;t load this conversation.
      </LoadError>
    );
  }
  const c = conversation.data.data;
  const other = otherParty(c, user);
  const seen = seenMessageId(messages, user, readUpTo);
  const brandSide = user.profile.type === 'brands';
  const replies = c.booking_id ? QUICK_REPLIES : GENERAL_QUICK_REPLIES;
  const quickReplies = brandSide ? replies.brands : replies.media;

  return (
    <Box sx={{ maxWidth: 720, display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1 }}>
        <Avatar src={other.picture} alt="">
          {other.name.charAt(0)}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <ThreadTitle name={other.name} />
        </Box>
        <Button startIcon={<FlagIcon />} color="inherit" onClick={() => setReporting(true)} sx={{ flexShrink: 0 }}>
          Report
        </Button>
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {visitOf(c) ?? (c.booking_id ? 'About a booking' : 'Messages')} · {c.brand.name} and {c.media_user.name}
      </Typography>

      {thread.hasNextPage ? (
        <Box sx={{ textAlign: 'center', mb: 1 }}>
          <Button variant="outlined" size="small" onClick={loadEarlier} loading={thread.isFetchingNextPage}>
            Load earlier messages
          </Button>
        </Box>
      ) : null}
      {messages.length === 0 ? (
        <Typography sx={{ color: 'text.secondary', textAlign: 'center', py: 4 }}>{MSG.noMessagesYet}</Typography>
      ) : (
        <Box component="ol" ref={list} aria-label="Messages" sx={{ listStyle: 'none', p: 0, m: 0, flex: 1 }}>
          {messages.map((m) => {
            const fromBrand = m.kind === 'text' && m.sender?.id !== c.media_user.id;
            return (
              <MessageItem
                key={m.id}
                message={m}
                mine={m.kind === 'text' && m.sender?.id === user.id}
                ours={m.kind === 'text' && fromBrand === brandSide}
                seen={m.id === seen}
              />
            );
          })}
        </Box>
      )}
      {/* New messages from the other side, read out without moving the focus. */}
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {announcement}
      </Box>
      {c.closed ? (
        <LazyAlert severity="info" sx={{ mt: 2 }}>
          {MSG.conversationClosed}
        </LazyAlert>
      ) : (
        <Composer conversationId={conversationId} quickReplies={quickReplies} />
      )}
      {/* After the composer, which sticks to the bottom of the screen: scrolled into view, it shows
          the newest message above the composer rather than under it. */}
      <div ref={end} />
      {reporting ? <ReportDialog conversationId={conversationId} onClose={() => setReporting(false)} /> : null}
    </Box>
  );
}
