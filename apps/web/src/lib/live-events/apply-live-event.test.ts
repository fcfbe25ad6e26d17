import { makeMessage } from '@comped/shared/factories/conversation';
import { makeNotification } from '@comped/shared/factories/notification';
import type { MessagePage } from '@comped/shared/schemas/conversations';
import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import { bookingKeys } from '../../api/bookings';
import { conversationKeys } from '../../api/conversations';
import { notificationKeys } from '../../api/notifications';
import { makeQueryClient } from '../query-client';
import { applyLiveEvent, readLiveEvent } from './apply-live-event';

type Thread = InfiniteData<MessagePage, number | undefined>;

function setup() {
  const qc = makeQueryClient({ test: true });
  const thread: Thread = {
    pages: [{ data: [makeMessage({ id: 100 })], meta: { has_more: false, read_up_to: null } }],
    pageParams: [undefined],
  };
  qc.setQueryData(conversationKeys.messages(12), thread);
  for (const key of [
    notificationKeys.latest(),
    conversationKeys.inbox(),
    conversationKeys.unread(),
    bookingKeys.lists(),
  ]) {
    qc.setQueryData(key, 'cached');
  }
  const stale = (key: readonly unknown[]) => qc.getQueryState(key)?.isInvalidated ?? false;
  return { qc, stale, thread: () => qc.getQueryData<Thread>(conversationKeys.messages(12))! };
}

describe('a live event in the caches', () => {
  it('appends a message to its open thread once, and refreshes the inbox and its count', () => {
    const { qc, stale, thread } = setup();
    const message = makeMessage({ id: 101, sender: { id: 9, name: 'Juniper Kitchen' }, body: 'See you soon!' });
    applyLiveEvent(qc, { name: 'message', data: message }, 7);
    applyLiveEvent(qc, { name: 'message', data: message }, 7);
    expect(thread().pages[0]!.data.map((m) => m.id)).toEqual([100, 101]);
    expect(stale(conversationKeys.inbox())).toBe(true);
    expect(stale(conversationKeys.unread())).toBe(true);
    expect(stale(notificationKeys.latest())).toBe(false);
  });

  it('moves "Seen" when the other side reads, and refreshes the counts and the bell when the user read elsewhere', () => {
    const { qc, stale, thread } = setup();
    applyLiveEvent(qc, { name: 'read', data: { conversation_id: 12, user_id: 9, read_up_to: 100 } }, 7);
    expect(thread().pages[0]!.meta.read_up_to).toBe(100);
    expect(stale(conversationKeys.unread())).toBe(false);
    expect(stale(notificationKeys.latest())).toBe(false);
    applyLiveEvent(qc, { name: 'read', data: { conversation_id: 12, user_id: 7, read_up_to: 100 } }, 7);
    expect(stale(conversationKeys.unread())).toBe(true);
    // Reading a conversation reads its message notification too.
    expect(stale(notificationKeys.latest())).toBe(true);
  });

  it("refreshes the bell, and the booking lists for a booking's notification", () => {
    const { qc, stale } = setup();
    applyLiveEvent(qc, { name: 'notification', data: makeNotification({ type: 'message' }) }, 7);
    expect(stale(notificationKeys.latest())).toBe(true);
    expect(stale(bookingKeys.lists())).toBe(false);
    applyLiveEvent(qc, { name: 'notification', data: makeNotification({ type: 'booking_accepted' }) }, 7);
    expect(stale(bookingKeys.lists())).toBe(true);
  });
});

describe('a live event read', () => {
  it('is the event its frame names, and nothing where answers are checked and its shape is refused', async () => {
    const message = makeMessage({ id: 101 });
    await expect(readLiveEvent('message', message)).resolves.toEqual({ name: 'message', data: message });
    const read = { conversation_id: 12, user_id: 9, read_up_to: 100 };
    await expect(readLiveEvent('read', read)).resolves.toEqual({ name: 'read', data: read });
    await expect(readLiveEvent('message', { id: 'x' })).resolves.toBeUndefined();
    await expect(readLiveEvent('notification', message)).resolves.toBeUndefined();
  });
});
