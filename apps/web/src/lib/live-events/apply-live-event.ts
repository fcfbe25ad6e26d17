import type { MessagePage } from '@comped/shared/schemas/conversations';
import type { LiveEventName } from '@comped/shared/schemas/notifications';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';

import { bookingKeys } from '../../api/bookings';
import { conversationKeys } from '../../api/conversations';
import { notificationKeys } from '../../api/notifications';
import type { Answer } from '../answers/answer-schemas';
import { readAnswer } from '../api-client';

/** Kinds of notification that mean a booking changed: the open booking lists refresh. */
const BOOKING_TYPES = new Set([
  'booking_requested',
  'booking_accepted',
  'booking_declined',
  'booking_cancelled',
  'checked_in',
  'no_show',
  'dispute_settled',
  'task_completed',
]);

/** A live event's frame, read: its name and what it carries. */
export type LiveEvent =
  | { name: 'notification'; data: Answer<'notificationEvent'> }
  | { name: 'message'; data: Answer<'messageEvent'> }
  | { name: 'read'; data: Answer<'readEvent'> };

/**
 * A frame of GET events as the event it is, read as any answer is (lib/api-client.ts `readAnswer`):
 * where answers are checked, a shape the shared schemas refuse is undefined and ignored (the next
 * refresh reads the truth).
 */
export async function readLiveEvent(name: LiveEventName, data: unknown): Promise<LiveEvent | undefined> {
  const endpoint = `GET events (${name})`;
  try {
    if (name === 'notification') return { name, data: await readAnswer(endpoint, 'notificationEvent', data) };
    if (name === 'message') return { name, data: await readAnswer(endpoint, 'messageEvent', data) };
    return { name, data: await readAnswer(endpoint, 'readEvent', data) };
  } catch {
    return undefined;
  }
}

/**
 * What a live event changes in the caches: the bell, the inbox and its unread count, an open thread
 * (the message appended, "Seen" moved), and the booking lists when a booking's notification arrives.
 */
export function applyLiveEvent(qc: QueryClient, event: LiveEvent, myId: number): void {
  if (event.name === 'notification') {
    void qc.invalidateQueries({ queryKey: notificationKeys.latest() });
    if (BOOKING_TYPES.has(event.data.type)) void qc.invalidateQueries({ queryKey: bookingKeys.all });
    return;
  }
  if (event.name === 'message') {
    const message = event.data;
    qc.setQueryData<InfiniteData<MessagePage, number | undefined>>(
      conversationKeys.messages(message.conversation_id),
      (old) => {
        // The newest page is the first one asked (the earlier pages follow it).
        const newest = old?.pages[0];
        if (!old || !newest || newest.data.some((x) => x.id === message.id)) return old;
        const pages = [...old.pages];
        pages[0] = { ...newest, data: [...newest.data, message] };
        return { ...old, pages };
      },
    );
    void qc.invalidateQueries({ queryKey: conversationKeys.inbox() });
    void qc.invalidateQueries({ queryKey: conversationKeys.unread() });
    void qc.invalidateQueries({ queryKey: conversationKeys.one(message.conversation_id) });
    return;
  }
  const read = event.data;
  if (read.user_id === myId) {
    // Read in another tab: the counts follow, and the bell (reading a conversation reads its
    // message notification).
    void qc.invalidateQueries({ queryKey: conversationKeys.inbox() });
    void qc.invalidateQueries({ queryKey: conversationKeys.unread() });
    void qc.invalidateQueries({ queryKey: notificationKeys.latest() });
    return;
  }
  qc.setQueryData<InfiniteData<MessagePage, number | undefined>>(
    conversationKeys.messages(read.conversation_id),
    (old) => {
      const newest = old?.pages[0];
      if (!old || !newest) return old;
      const readUpTo = Math.max(newest.meta.read_up_to ?? 0, read.read_up_to);
      const pages = [...old.pages];
      pages[0] = { ...newest, meta: { ...newest.meta, read_up_to: readUpTo } };
      return { ...old, pages };
    },
  );
}
