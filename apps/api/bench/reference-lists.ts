/**
 * Reference handlers of the other lists: the inbox and a thread (the media side), notifications,
 * the staff applications queue, the content library and the creator directory. Each is its page
 * statement with the related rows joined and its total beside it (a kept counter where one exists).
 */

import type { users } from '../src/db/schema';
import { toApplicationResource } from '../src/modules/admin/application.serializer';
import type { ConversationRowWithParts } from '../src/modules/conversations/conversation.serializer';
import { toConversationResource, toMessageResource } from '../src/modules/conversations/conversation.serializer';
import { toCreatorResource } from '../src/modules/directory/directory.serializer';
import type { Query, RefMembership, RefUser } from './reference-db';
import { camel, meta, pageOf } from './reference-db';

/** GET conversations (media side): newest activity first, sought by (last activity, id) with a cursor. */
export async function referenceInbox(query: Query, user: RefUser, url: URL): Promise<unknown> {
  const p = pageOf(url);
  const [rows, [counts]] = await Promise.all([
    query<Record<string, unknown>>(
      'ref_inbox_page',
      `SELECT c.id, c.booking_id, bk.booking_date, bk.booking_time, ca.name AS campaign_name, c.brand_id,
         b.name AS brand_name, b.logo AS brand_logo, c.media_user_id,
         u.name AS media_name, u.profile_picture AS media_picture, c.closed_at, m.id AS last_id, m.body AS last_body,
         m.sender_id AS last_sender_id, m.created_at AS last_sent_at, r.unread_count AS unread
       FROM conversations c JOIN brands b ON b.id = c.brand_id JOIN users u ON u.id = c.media_user_id
       LEFT JOIN messages m ON m.id = c.last_message_id
       LEFT JOIN bookings bk ON bk.id = c.booking_id LEFT JOIN campaigns ca ON ca.id = bk.campaign_id
       LEFT JOIN conversation_reads r ON r.conversation_id = c.id AND r.user_id = $1
       WHERE c.media_user_id = $1 AND ($2::int IS NULL
         OR (c.last_message_at, c.id) < (SELECT c2.last_message_at, c2.id FROM conversations c2 WHERE c2.id = $2))
       ORDER BY c.last_message_at DESC, c.id DESC LIMIT $3 OFFSET $4`,
      [user.id, p.cursor ?? null, p.size, p.cursor ? 0 : (p.number - 1) * p.size],
    ),
    query<{ n: number; unread: number | null }>(
      'ref_inbox_counts',
      `SELECT (SELECT count(*)::int FROM conversations WHERE media_user_id = $1) AS n,
         (SELECT sum(r.unread_count)::int FROM conversation_reads r JOIN conversations c ON c.id = r.conversation_id
          WHERE r.user_id = $1 AND r.unread_count > 0 AND c.media_user_id = $1) AS unread`,
      [user.id],
    ),
  ]);
  return {
    data: rows.map((r) => toConversationResource(camel<ConversationRowWithParts>(r), 'media')),
    meta: { ...meta(p.number, p.size, counts?.n ?? 0), unread_total: counts?.unread ?? 0 },
  };
}

/** GET conversations/{id}/messages (media side): the newest 30, oldest first, and the brand's "Seen". */
export async function referenceThread(query: Query, user: RefUser, conversationId: number): Promise<unknown> {
  const size = 30;
  const [rows, [read]] = await Promise.all([
    query<Record<string, unknown>>(
      'ref_thread_page',
      `SELECT m.id, m.conversation_id, m.sender_id, m.kind, m.event, m.body, m.created_at, c.media_user_id,
         u.name AS media_name, b.name AS brand_name
       FROM messages m JOIN conversations c ON c.id = m.conversation_id JOIN users u ON u.id = c.media_user_id
       JOIN brands b ON b.id = c.brand_id
       WHERE m.conversation_id = $1 AND c.media_user_id = $2 ORDER BY m.id DESC LIMIT $3`,
      [conversationId, user.id, size + 1],
    ),
    query<{ up_to: number | null }>(
      'ref_thread_read',
      `SELECT max(r.last_read_message_id) AS up_to FROM conversation_reads r
       WHERE r.conversation_id = $1 AND r.user_id <> $2`,
      [conversationId, user.id],
    ),
  ]);
  const page = rows
    .slice(0, size)
    .reverse()
    .map((r) => toMessageResource(camel(r), 'media'));
  return { data: page, meta: { has_more: rows.length > size, read_up_to: read?.up_to ?? null } };
}

/** GET notifications: newest first; `meta.unread` counts the unread ones. */
export async function referenceNotifications(query: Query, user: RefUser, url: URL): Promise<unknown> {
  const p = pageOf(url);
  const [rows, [counts]] = await Promise.all([
    query<{
      id: number;
      type: string;
      title: string;
      body: string;
      link: string;
      created_at: Date;
      read_at: Date | null;
    }>(
      'ref_notifications_page',
      `SELECT id, type, title, body, link, created_at, read_at FROM notifications WHERE user_id = $1
       ORDER BY id DESC LIMIT $2 OFFSET $3`,
      [user.id, p.size, (p.number - 1) * p.size],
    ),
    query<{ n: number; unread: number }>(
      'ref_notifications_counts',
      `SELECT (SELECT count(*)::int FROM notifications WHERE user_id = $1) AS n,
         (SELECT count(*)::int FROM notifications WHERE user_id = $1 AND read_at IS NULL) AS unread`,
      [user.id],
    ),
  ]);
  return {
    data: rows.map((r) => ({
      id: r.id,
      type: r.type,
      title: r.title,
      body: r.body,
      link: r.link,
      created_at: r.created_at.toISOString(),
      read_at: r.read_at?.toISOString() ?? null,
    })),
    meta: { ...meta(p.number, p.size, counts?.n ?? 0), unread: counts?.unread ?? 0 },
  };
}

/** GET admin/applications?filter[status]=pending: oldest first, sought by id; the total is its counter. */
export async function referenceApplications(query: Query, url: URL): Promise<unknown> {
  const p = pageOf(url);
  const [rows, [counted]] = await Promise.all([
    query<Record<string, unknown>>(
      'ref_applications_page',
      `SELECT * FROM media_applications WHERE status = 'pending' AND ($1::int IS NULL OR id > $1)
       ORDER BY id LIMIT $2 OFFSET $3`,
      [p.cursor ?? null, p.size, p.cursor ? 0 : (p.number - 1) * p.size],
    ),
    query<{ n: number }>(
      'ref_applications_total',
      `SELECT n FROM media_application_status_counts WHERE status = 'pending'`,
    ),
  ]);
  return {
    data: rows.map((r) => toApplicationResource(camel(r))),
    meta: meta(p.number, p.size, counted?.n ?? 0),
  };
}

/** GET brands/{id}/content (owner or manager): newest delivery first, with creator and campaign. */
export async function referenceContent(query: Query, brand: RefMembership, url: URL): Promise<unknown> {
  const p = pageOf(url);
  const [rows, [counted]] = await Promise.all([
    query<{
      id: number;
      type: string;
      network: string;
      url: string;
      checked: boolean;
      creator_id: number;
      creator_name: string;
      campaign_id: number;
      campaign_name: string;
      booking_id: number;
      delivered_at: Date;
      favourite: boolean;
      rights: unknown;
    }>(
      'ref_content_page',
      `SELECT ci.id, ci.type, ci.network, ci.url, ci.checked, u.id AS creator_id, u.name AS creator_name,
         c.id AS campaign_id, c.name AS campaign_name, ci.booking_id, ci.delivered_at, ci.favourite, ci.rights
       FROM content_items ci JOIN users u ON u.id = ci.user_id JOIN campaigns c ON c.id = ci.campaign_id
       WHERE ci.brand_id = $1 ORDER BY ci.delivered_at DESC, ci.id DESC LIMIT $2 OFFSET $3`,
      [brand.brandId, p.size, (p.number - 1) * p.size],
    ),
    query<{ n: number }>('ref_content_total', `SELECT count(*)::int AS n FROM content_items WHERE brand_id = $1`, [
      brand.brandId,
    ]),
  ]);
  return {
    data: rows.map((r) => ({
      id: r.id,
      type: r.type,
      network: r.network,
      url: r.url,
      checked: r.checked,
      creator: { id: r.creator_id, name: r.creator_name },
      campaign: { id: r.campaign_id, name: r.campaign_name },
      booking_id: r.booking_id,
      delivered_at: r.delivered_at.toISOString(),
      favourite: r.favourite,
      rights: r.rights ?? null,
    })),
    meta: meta(p.number, p.size, counted?.n ?? 0),
  };
}

/**
 * GET brands/{id}/creators (owner or manager with an active plan): listed media users, most
 * reliable first, by the reliability kept on write on the users' rows (migration 0022, whose
 * partial index serves the order): the page's ids from the index (a whole-row offset walks the
 * heap, or the planner sorts every listed user), then their rows and visits with the brand.
 */
export async function referenceCreators(query: Query, brand: RefMembership, url: URL): Promise<unknown> {
  const p = pageOf(url);
  const listed = `u.role IN ('influencer', 'journalist') AND u.tier IS NOT NULL AND u.directory_listed`;
  const [rows, [counted]] = await Promise.all([
    query<Record<string, unknown> & { ref_with_brand: number }>(
      'ref_creators_page',
      `SELECT u.*,
         (SELECT count(*)::int FROM bookings vb WHERE vb.user_id = u.id AND vb.brand_id = $1
           AND (vb.checked_in_at IS NOT NULL OR vb.status = 'finished')) AS ref_with_brand
       FROM (SELECT u.id FROM users u WHERE ${listed} AND ($4::int IS NULL
           OR (coalesce(u.reliability_percent, -1), u.reliability_visits, u.id) < (SELECT coalesce(c.reliability_percent, -1),
             c.reliability_visits, c.id FROM users c WHERE c.id = $4))
         ORDER BY coalesce(u.reliability_percent, -1) DESC, u.reliability_visits DESC NULLS LAST, u.id DESC NULLS LAST
         LIMIT $2 OFFSET $3) p JOIN users u ON u.id = p.id
       ORDER BY coalesce(u.reliability_percent, -1) DESC, u.reliability_visits DESC NULLS LAST, u.id DESC NULLS LAST`,
      [brand.brandId, p.size, p.cursor ? 0 : (p.number - 1) * p.size, p.cursor ?? null],
    ),
    query<{ n: number }>(
      'ref_creators_total',
      `SELECT coalesce(sum(listed), 0)::int AS n FROM creator_directory_counts`,
    ),
  ]);
  return {
    data: rows.map((r) => {
      const u = camel<typeof users.$inferSelect>(r);
      return toCreatorResource(u, { percent: u.reliabilityPercent, visits: u.reliabilityVisits }, r.ref_with_brand);
    }),
    meta: meta(p.number, p.size, counted?.n ?? 0),
  };
}
