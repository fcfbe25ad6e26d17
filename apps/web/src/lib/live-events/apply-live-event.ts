import type { MessagePage } from '@comped/shared/schemas/conversations';
import type { LiveEventName } from '@comped/shared/schemas/notifications';
import { messageEventSchema, notificationEventSchema, readEventSchema } from '@comped/shared/schemas/notifications';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';

import { bookingKeys } from '../../api/bookings';
import { conversationKeys } from '../../api/conversations';
import { notificationKeys } from '../../api/notifications';

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

/**
 * What a live event changes in the caches: the bell, the inbox and its unread count, an open thread
 * (the message appended, "Seen" moved), and the booking lists when a booking's notification arrives.
 * A shape the shared schemas refuse is ignored: the next refresh reads the truth.
 */
export function applyLiveEvent(qc: QueryClient, name: LiveEventName, data: unknown, myId: number): void {
  if (name === 'notification') {
    const n = notificationEventSchema.safeParse(data);
    void qc.invalidateQueries({ queryKey: notificationKeys.latest() });
    if (n.success && BOOKING_TYPES.has(n.data.type)) void qc.invalidateQueries({ queryKey: bookingKeys.all });
    return;
  }
  if (name === 'message') {
    const m = messageEventSchema.safeParse(data);
    if (!m.success) return;
    const message = m.data;
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
  const r = readEventSchema.safeParse(data);
  if (!r.success) return;
  if (r.data.user_id === myId) {
    // Read in another tab: the counts follow, and the bell (reading a conversation reads its
    // message notification).
    void qc.invalidateQueries({ queryKey: conversationKeys.inbox() });
    void qc.invalidateQueries({ queryKey: conversationKeys.unread() });
    void qc.invalidateQueries({ queryKey: notificationKeys.latest() });
    return;
  }
  qc.setQueryData<InfiniteData<MessagePage, number | undefined>>(
    conversationKeys.messages(r.data.conversation_id),
    (old) => {
      const newest = old?.pages[0];
      if (!old || !newest) return old;
      const readUpTo = Math.max(newest.meta.read_up_to ?? 0, r.data.read_up_to);
      const pages = [...old.pages];
      pages[0] = { ...newest, meta: { ...newest.meta, read_up_to: readUpTo } };
      return { ...old, pages };
    },
  );
}
