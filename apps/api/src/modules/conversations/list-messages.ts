import type { MessagePage } from '@comped/shared/schemas/conversations';
import { CONVERSATION_RULES } from '@comped/shared/validation/conversations';
import { sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { fromDriver, preparedSql } from '../../db/prepared';
import { brands, conversationReads, conversations, messages, users } from '../../db/schema';
import { rowsOf } from '../../jobs/queue';
import { appError } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { toMessageResource } from './conversation.serializer';
import { sideOf } from './conversations.policy';

/**
 * GET conversations/{id}/messages: the newest 30 (or the 30 before `page[before]`), oldest first,
 * read from the (conversation_id, id) index backwards: one more than a page tells whether there is
 * an earlier one. One statement reads the conversation, the page and the other side's "Seen" (the
 * side is the caller's: the media user, or the brand side); who may read it is checked on the row.
 * The brand side also reads which of its members wrote each of its messages.
 */
export async function listMessages(
  db: DbOrTx,
  user: AuthUser,
  conversationId: number,
  before: number | undefined,
): Promise<MessagePage> {
  const size = CONVERSATION_RULES.messagePage;
  const name = before ? 'thread:before' : 'thread';
  const statement = preparedSql(
    db,
    name,
    () => sql`
    select c.*, u.name as page_media_name, br.name as page_brand_name,
      (select max(r.last_read_message_id) from ${conversationReads} r where r.conversation_id = c.id
        and case when c.media_user_id = ${sql.placeholder('user')} then r.user_id <> c.media_user_id
          else r.user_id = c.media_user_id end) as page_read_up_to,
      m.id as m_id, m.sender_id as m_sender_id, m.kind as m_kind, m.event as m_event, m.body as m_body,
      m.created_at as m_created_at, s.name as m_sender_name
    from ${conversations} c
    join ${users} u on u.id = c.media_user_id
    join ${brands} br on br.id = c.brand_id
    left join lateral (
      select * from ${messages} where conversation_id = c.id
        ${before ? sql`and id < ${sql.placeholder('before')}` : sql``}
      order by id desc limit ${sql.placeholder('limit')}
    ) m on true
    left join ${users} s on s.id = m.sender_id
    where c.id = ${sql.placeholder('conversation')}
    order by m.id desc`,
  );
  const raws = rowsOf<Record<string, unknown>>(
    await statement.execute({ conversation: conversationId, user: user.id, before, limit: size + 1 }),
  );
  const first = raws[0];
  if (!first) throw appError('not_found');
  const conversation = fromDriver(conversations, first);
  const reader = (await sideOf(db, user, conversation)) === 'media' ? 'media' : 'team';
  const createdAt = messages.createdAt;
  const rows = raws
    .filter((r) => r.m_id !== null)
    .map((r) =>
      toMessageResource(
        {
          id: Number(r.m_id),
          conversationId: conversation.id,
          senderId: r.m_sender_id === null ? null : Number(r.m_sender_id),
          kind: r.m_kind as 'text' | 'event',
          event: r.m_event as string | null,
          body: r.m_body as string,
          createdAt: createdAt.mapFromDriverValue(r.m_created_at as string) as Date,
          mediaUserId: conversation.mediaUserId,
          mediaName: first.page_media_name as string,
          brandName: first.page_brand_name as string,
          senderName: (r.m_sender_name as string | null) ?? null,
        },
        reader,
      ),
    );
  const readUpTo = first.page_read_up_to === null ? null : Number(first.page_read_up_to);
  return { data: rows.slice(0, size).reverse(), meta: { has_more: rows.length > size, read_up_to: readUpTo } };
}
