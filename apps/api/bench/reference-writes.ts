/**
 * The writes' yardstick (issue 31): a plain node:http server with hand-written SQL on a pg pool of
 * the server's size, doing what the product's three busiest writes do, row for row, without
 * Fastify, schemas, Drizzle or the product's use cases. Started by bench/run.ts as
 * `tsx bench/reference-writes.ts <port> <database url>`; bench/writes.ts compares each write with
 * it, and bench/storm.ts takes its booking request as the storm's floor.
 *
 * - POST /api/v1/bookings: the token lookup, then one transaction: the campaign's row lock, the
 *   user's own hold locked, the facts and the week's count in one statement, the capacity check,
 *   and the effects of request-booking.ts: the booking, the used hold, the analytics event, the
 *   conversation with its "requested" event, the brand side's notifications (pg_notify for the
 *   message and each notification, the push check), the open invitation marked booked, the owner's
 *   mail in the outbox and its send job; then the reliability read of the answer.
 * - PUT /api/v1/brands/:id/bookings/:bookingId {status: accepted}: answer-booking.ts's accept: the
 *   booking locked with its facts, the update with a check-in code, the "accepted" event, the media
 *   user's notification, the task, the accepted mail (with its invitation) and job, the reminders.
 * - POST /api/v1/conversations/:id/messages: send-message.ts: the rate-limit window, the message,
 *   the conversation's activity, the recipients' unread counts, the sender's read mark, the
 *   recipients' grouped notifications, and pg_notify for each.
 *
 * The texts (notifications, events, mails) come from the product's own pure builders, so both
 * sides spend the same on them; what differs is the framework and the number of statements.
 */
import http from 'node:http';

import { LIMITS } from '@comped/shared/limits';
import { formatDay, formatTime12, weekStartOf } from '@comped/shared/time';
import { CONVERSATION_EVENT_TEXT, CONVERSATION_RULES } from '@comped/shared/validation/conversations';
import pg from 'pg';

import { loadConfig } from '../src/config';
import { LIVE_CHANNEL } from '../src/lib/live-bus';
import { hashToken } from '../src/lib/tokens';
import { compTermsOf } from '../src/modules/bookings/booking-change';
import { bookingAcceptedMail, bookingRequestedMail } from '../src/modules/bookings/bookings.mails';
import { REMINDER_JOB, reminderKey, REMINDERS } from '../src/modules/bookings/reminder-schedule';
import { newCheckInCode } from '../src/modules/bookings/visit-times';
import { SEND_MAIL_JOB } from '../src/modules/mail/queue-mail';
import { notificationText } from '../src/modules/notifications/notification-texts';

const [portArg, databaseUrl] = process.argv.slice(2);
// Dates as the product reads them ("2026-06-01"), not as local midnights.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
pool.on('error', () => undefined);
const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'development' });

interface User {
  id: number;
  role: string;
  tier: number | null;
}
type Answer = { status: number; body: unknown };
const refuse = (status: number, code: string): Answer => ({ status, body: { code } });

async function userOf(header: string | undefined): Promise<User | null> {
  if (!header?.startsWith('Bearer ')) return null;
  const { rows } = await pool.query<User>({
    name: 'ref_token',
    text: `SELECT u.id, u.role, u.tier FROM access_tokens t JOIN users u ON u.id = t.user_id
           WHERE t.token_hash = $1 AND t.revoked_at IS NULL LIMIT 1`,
    values: [hashToken(header.slice(7))],
  });
  return rows[0] ?? null;
}

async function inTransaction(run: (c: pg.PoolClient) => Promise<Answer>): Promise<Answer> {
  const c = await pool.connect();
  try {
    await c.query('BEGIN');
    const answer = await run(c);
    await c.query(answer.status < 300 ? 'COMMIT' : 'ROLLBACK');
    return answer;
  } catch (err) {
    await c.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    c.release();
  }
}

const when = (date: string, time: string) => `${formatDay(date)} at ${formatTime12(time)}`;

/** The brand side of a brand's booking at location `loc`: owner, managers, the location's hosts. */
const brandSideSql = (brand: string, loc: string) => `ARRAY(
  SELECT ${brand}.owner_id UNION ALL
  SELECT m.user_id FROM brand_members m
  WHERE m.brand_id = ${brand}.id AND m.accepted_at IS NOT NULL AND m.user_id IS NOT NULL
    AND m.user_id <> ${brand}.owner_id AND (m.role = 'manager' OR m.location_ids @> to_jsonb(${loc})))`;

/** Notifications for `users` (one each), their live signals and whether each has a push subscription. */
async function notifyAll(
  c: pg.PoolClient,
  users: number[],
  text: { type: string; title: string; body: string; link: string },
  now: Date,
  groupKey: string | null = null,
): Promise<void> {
  await c.query({
    name: groupKey ? 'ref_notify_grouped' : 'ref_notify',
    text: `WITH ${groupKey ? `gone AS (DELETE FROM notifications WHERE user_id = ANY($1::int[]) AND group_key = $6 AND read_at IS NULL),` : ''}
      n AS (INSERT INTO notifications (user_id, type, title, body, link, group_key, created_at)
            SELECT u, $2, $3, $4, $5, ${groupKey ? '$6' : 'NULL'}, $${groupKey ? 7 : 6} FROM unnest($1::int[]) u RETURNING id, user_id)
      SELECT n.id, pg_notify('${LIVE_CHANNEL}', json_build_object('t', 'n', 'u', json_build_array(n.user_id), 'id', n.id)::text),
        EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.user_id = n.user_id) AS push FROM n`,
    values: [users, text.type, text.title, text.body, text.link, ...(groupKey ? [groupKey] : []), now],
  });
}

async function queueMail(c: pg.PoolClient, mail: { to: string; subject: string; text: string; html?: string }) {
  const m = mail as typeof mail & { attachments?: unknown[]; secrets?: string[]; replyTo?: string };
  await c.query({
    name: 'ref_mail',
    text: `WITH m AS (INSERT INTO mail_outbox ("to", reply_to, subject, text, html, attachments, secrets)
             VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id)
           INSERT INTO jobs (name, payload, run_at, max_attempts) SELECT $8, json_build_object('mailId', m.id), 'epoch', 8 FROM m`,
    values: [
      m.to,
      m.replyTo ?? null,
      m.subject,
      m.text,
      m.html ?? null,
      JSON.stringify(m.attachments ?? []),
      JSON.stringify(m.secrets ?? []),
      SEND_MAIL_JOB,
    ],
  });
}

/** The event line of a booking's conversation; returns the conversation's id. */
async function postEvent(
  c: pg.PoolClient,
  conversationId: number,
  code: 'requested' | 'accepted',
  detail: string,
  participants: number[],
  now: Date,
): Promise<void> {
  const { rows } = await c.query<{ id: number }>({
    name: 'ref_event',
    text: `WITH msg AS (INSERT INTO messages (conversation_id, sender_id, kind, event, body, created_at)
             VALUES ($1, NULL, 'event', $2, $3, $4) RETURNING id)
           UPDATE conversations SET last_message_id = greatest(coalesce(last_message_id, 0), msg.id),
             last_message_at = greatest(last_message_at, $4::timestamptz)
           FROM msg WHERE conversations.id = $1 RETURNING msg.id`,
    values: [conversationId, code, `${CONVERSATION_EVENT_TEXT[code]} · ${detail}`, now],
  });
  await live(c, { t: 'm', u: participants, id: rows[0]!.id, c: conversationId });
}

async function live(c: pg.PoolClient, signal: unknown): Promise<void> {
  await c.query({ name: 'ref_live', text: `SELECT pg_notify($1, $2)`, values: [LIVE_CHANNEL, JSON.stringify(signal)] });
}

async function reliability(userId: number): Promise<void> {
  await pool.query({
    name: 'ref_reliability',
    text: `SELECT count(*)::int AS visits,
        count(*) FILTER (WHERE rn <= 20 AND good)::int AS good, count(*) FILTER (WHERE rn <= 20)::int AS decided
      FROM (SELECT (b.checked_in_at IS NOT NULL OR (b.status = 'finished' AND t.completed AND t.completed_at <= b.visit_at + interval '7 days')) AS good,
              row_number() OVER (ORDER BY b.visit_at DESC, b.id DESC) AS rn
            FROM bookings b LEFT JOIN tasks t ON t.booking_id = b.id
            WHERE b.user_id = $1 AND (b.checked_in_at IS NOT NULL
              OR (b.status = 'finished' AND t.completed AND t.completed_at <= b.visit_at + interval '7 days')
              OR b.status = 'no_show' OR (b.status = 'cancelled' AND b.cancelled_at > b.visit_at - interval '24 hours'))) d`,
    values: [userId],
  });
}

interface BookingBody {
  campaign_id: number;
  location_id: number;
  booking_date: string;
  booking_time: string;
  guests: number;
}

async function requestBooking(user: User, input: BookingBody): Promise<Answer> {
  const week = weekStartOf(input.booking_date);
  const answer = await inTransaction(async (c) => {
    await c.query({
      name: 'ref_lock',
      text: 'SELECT id FROM campaigns WHERE id = $1 FOR UPDATE',
      values: [input.campaign_id],
    });
    await c.query({
      name: 'ref_own_hold',
      text: `SELECT id FROM waitlist_entries WHERE campaign_id = $1 AND week_start = $2 AND user_id = $3 AND status = 'offered'
             LIMIT 1 FOR UPDATE`,
      values: [input.campaign_id, week, user.id],
    });
    const now = new Date();
    const { rows } = await c.query({
      name: 'ref_facts',
      text: `SELECT c.name AS campaign_name, c.brand_id, c.booking, u.name AS user_name, u.email AS user_email,
          u.instagram, l.id AS location_id, l.name AS location_name, l.address, l.phone, l.time_zone,
          b.name AS brand_name, o.name AS owner_name, o.email AS owner_email,
          EXISTS (SELECT 1 FROM bookings x WHERE x.campaign_id = c.id AND x.user_id = u.id
            AND x.status IN ('pending', 'accepted', 'finished')) AS live,
          (SELECT count(*) FROM bookings x WHERE x.campaign_id = c.id AND x.week_start = $4
            AND x.status IN ('pending', 'accepted'))::int AS booked,
          (SELECT count(*) FROM waitlist_entries w WHERE w.campaign_id = c.id AND w.week_start = $4 AND w.status = 'offered'
            AND w.hold_until > $5 AND w.user_id <> u.id)::int AS held,
          ${brandSideSql('b', '$3::int')} AS brand_side
        FROM campaigns c JOIN users u ON u.id = $2
        LEFT JOIN campaign_locations cl ON cl.campaign_id = c.id AND cl.location_id = $3
        LEFT JOIN locations l ON l.id = cl.location_id AND l.deleted_at IS NULL
        JOIN brands b ON b.id = c.brand_id JOIN users o ON o.id = b.owner_id
        WHERE c.id = $1 AND c.status = 'approved' AND c.deleted_at IS NULL
          AND (c.expires_on IS NULL OR c.expires_on >= $6::date)
          AND c.target @> ARRAY[u.role] AND c.tier_range_influencer @> ARRAY[u.tier]
        LIMIT 1`,
      values: [input.campaign_id, user.id, input.location_id, week, now, now.toISOString().slice(0, 10)],
    });
    const f = rows[0];
    if (!f) return refuse(404, 'not_found');
    if (!f.booking || f.booking.information_only) return refuse(422, 'validation_failed');
    if (!f.instagram?.trim()) return refuse(422, 'profile_incomplete');
    if (f.live) return refuse(422, 'already_booked');
    if (!f.location_id) return refuse(422, 'validation_failed');
    if (input.guests < 1 || input.guests > (f.booking.max_guests ?? LIMITS.maxGuestsDefault))
      return refuse(422, 'validation_failed');
    if (f.booked + f.held >= (f.booking.max_bookings_per_week ?? LIMITS.maxBookingsPerWeekDefault))
      return refuse(422, 'validation_failed');
    const { rows: created } = await c.query({
      name: 'ref_insert_booking',
      text: `INSERT INTO bookings (campaign_id, location_id, user_id, brand_id, status, booking_date, booking_time,
               week_start, visit_at, guests, created_at, updated_at)
             VALUES ($1, $2, $3, $4, 'pending', $5, $6, $7, ($11::text::date + $12::text::time) AT TIME ZONE $8, $9, $10, $10)
             RETURNING *`,
      values: [
        input.campaign_id,
        input.location_id,
        user.id,
        f.brand_id,
        input.booking_date,
        input.booking_time,
        week,
        f.time_zone,
        input.guests,
        now,
        input.booking_date,
        input.booking_time,
      ],
    });
    const booking = created[0]!;
    await c.query({
      name: 'ref_consume_hold',
      text: `UPDATE waitlist_entries SET status = 'booked', booking_id = $4, hold_until = NULL
             WHERE campaign_id = $1 AND week_start = $2 AND user_id = $3 AND status IN ('waiting', 'offered')`,
      values: [input.campaign_id, week, user.id, booking.id],
    });
    await c.query({
      name: 'ref_analytics',
      text: `INSERT INTO analytics_events (name, user_id, properties, occurred_at) VALUES ('booking_request', $1, $2, $3)`,
      values: [user.id, JSON.stringify({ booking_id: booking.id, campaign_id: input.campaign_id }), now],
    });
    const { rows: conv } = await c.query<{ id: number }>({
      name: 'ref_open_conversation',
      text: `INSERT INTO conversations (booking_id, brand_id, media_user_id) VALUES ($1, $2, $3) RETURNING id`,
      values: [booking.id, f.brand_id, user.id],
    });
    const visit = when(input.booking_date, input.booking_time);
    const brandSide = (f.brand_side as number[]).filter((id) => id !== user.id);
    await postEvent(c, conv[0]!.id, 'requested', visit, [user.id, ...brandSide], now);
    await notifyAll(
      c,
      f.brand_side,
      notificationText.bookingRequested({ mediaName: f.user_name, campaignName: f.campaign_name, when: visit }),
      now,
    );
    await c.query({
      name: 'ref_invitation',
      text: `UPDATE campaign_invitations SET status = 'booked', updated_at = $3
             WHERE campaign_id = $1 AND user_id = $2 AND status = 'open'`,
      values: [input.campaign_id, user.id, now],
    });
    await queueMail(
      c,
      bookingRequestedMail(
        config,
        { name: f.owner_name ?? '', email: f.owner_email },
        {
          bookingId: booking.id,
          campaignName: f.campaign_name,
          brandName: f.brand_name,
          locationName: f.location_name,
          address: f.address,
          phone: f.phone,
          date: input.booking_date,
          time: input.booking_time,
          visitAt: booking.visit_at,
          guests: booking.guests,
          compensation: f.booking.compensation ?? null,
          media: { name: f.user_name, email: f.user_email },
          checkInCode: booking.check_in_code,
          terms: compTermsOf(f.booking),
        },
      ),
    );
    return { status: 201, body: { data: { ...booking, conversation_id: conv[0]!.id } } };
  });
  if (answer.status === 201) await reliability(user.id);
  return answer;
}

async function acceptBooking(user: User, brandId: number, bookingId: number): Promise<Answer> {
  const answer = await inTransaction(async (c) => {
    const { rows } = await c.query({
      name: 'ref_accept_facts',
      text: `SELECT bk.*, c.name AS campaign_name, c.booking, b.name AS brand_name, b.owner_id,
          l.name AS location_name, l.address, l.phone, u.name AS user_name, u.email AS user_email,
          cv.id AS conversation_id, ${brandSideSql('b', 'bk.location_id')} AS brand_side
        FROM bookings bk JOIN campaigns c ON c.id = bk.campaign_id JOIN brands b ON b.id = c.brand_id
        JOIN locations l ON l.id = bk.location_id JOIN users u ON u.id = bk.user_id
        LEFT JOIN conversations cv ON cv.booking_id = bk.id
        WHERE bk.id = $1 FOR UPDATE OF bk`,
      values: [bookingId],
    });
    const f = rows[0];
    if (!f || f.brand_id !== brandId) return refuse(404, 'not_found');
    if (!(f.brand_side as number[]).includes(user.id)) return refuse(403, 'forbidden');
    const now = new Date();
    if (f.status !== 'pending') return refuse(409, 'booking_already_updated');
    if (f.visit_at.getTime() <= now.getTime()) return refuse(409, 'booking_expired');
    const { rows: updated } = await c.query({
      name: 'ref_accept',
      text: `UPDATE bookings SET status = 'accepted', updated_at = $2, answered_at = $2, check_in_code = $3,
               invite_sequence = 0, decided_by = $4 WHERE id = $1 RETURNING *`,
      values: [bookingId, now, newCheckInCode(), user.id],
    });
    const booking = updated[0]!;
    const visit = when(f.booking_date, f.booking_time);
    const brandSide = (f.brand_side as number[]).filter((id) => id !== f.user_id);
    await postEvent(c, f.conversation_id, 'accepted', visit, [f.user_id, ...brandSide], now);
    await notifyAll(c, [f.user_id], notificationText.bookingAccepted({ brandName: f.brand_name, when: visit }), now);
    await c.query({
      name: 'ref_task',
      text: `INSERT INTO tasks (booking_id, user_id, created_at) VALUES ($1, $2, $3) RETURNING id`,
      values: [bookingId, f.user_id, now],
    });
    await queueMail(
      c,
      await bookingAcceptedMail(
        config,
        {
          bookingId,
          campaignName: f.campaign_name,
          brandName: f.brand_name,
          locationName: f.location_name,
          address: f.address,
          phone: f.phone,
          date: f.booking_date,
          time: f.booking_time,
          visitAt: f.visit_at,
          guests: f.guests,
          compensation: f.booking?.compensation ?? null,
          media: { name: f.user_name, email: f.user_email },
          checkInCode: booking.check_in_code,
          terms: compTermsOf(f.booking),
        },
        now,
      ),
    );
    const reminders = Object.entries(REMINDERS)
      .map(([kind, { offsetMs }]) => ({ kind, runAt: new Date(f.visit_at.getTime() + offsetMs) }))
      .filter((r) => r.runAt.getTime() > now.getTime());
    await c.query({
      name: 'ref_reminders',
      text: `INSERT INTO jobs (name, payload, run_at, max_attempts, singleton_key)
             SELECT $1, json_build_object('bookingId', $2::int, 'kind', k), r, 5, s
             FROM unnest($3::text[], $4::timestamptz[], $5::text[]) AS x(k, r, s) ON CONFLICT DO NOTHING`,
      values: [
        REMINDER_JOB,
        bookingId,
        reminders.map((r) => r.kind),
        reminders.map((r) => r.runAt),
        reminders.map((r) => reminderKey(r.kind as keyof typeof REMINDERS, bookingId)),
      ],
    });
    return { status: 200, body: { data: booking } };
  });
  if (answer.status === 200) {
    await reliability((answer.body as { data: { user_id: number } }).data.user_id);
  }
  return answer;
}

async function sendMessage(user: User, conversationId: number, text: string): Promise<Answer> {
  const now = new Date();
  const { rows: window } = await pool.query<{ count: number }>({
    name: 'ref_rate',
    text: `INSERT INTO rate_limit_counters (key, count, window_start, updated_at) VALUES ($1, 1, $2, $2)
           ON CONFLICT (key) DO UPDATE SET
             count = CASE WHEN rate_limit_counters.window_start <= $3 THEN 1 ELSE rate_limit_counters.count + 1 END,
             window_start = CASE WHEN rate_limit_counters.window_start <= $3 THEN $2 ELSE rate_limit_counters.window_start END,
             updated_at = $2
           RETURNING count`,
    values: [`message:user:${user.id}`, now, new Date(now.getTime() - CONVERSATION_RULES.sendWindowMs)],
  });
  if (window[0]!.count > CONVERSATION_RULES.sendLimit) return refuse(429, 'too_many_requests');
  return inTransaction(async (c) => {
    const { rows } = await c.query({
      name: 'ref_conversation',
      text: `SELECT cv.id, cv.media_user_id, cv.closed_at, b.name AS brand_name, mu.name AS media_name,
          ${brandSideSql('b', 'bk.location_id')} AS brand_side
        FROM conversations cv JOIN brands b ON b.id = cv.brand_id JOIN users mu ON mu.id = cv.media_user_id
        LEFT JOIN bookings bk ON bk.id = cv.booking_id WHERE cv.id = $1`,
      values: [conversationId],
    });
    const f = rows[0];
    const brandSide = ((f?.brand_side ?? []) as number[]).filter((id) => id !== f?.media_user_id);
    if (!f || (f.media_user_id !== user.id && !brandSide.includes(user.id))) return refuse(404, 'not_found');
    if (f.closed_at) return refuse(409, 'conversation_closed');
    const participants: number[] = [f.media_user_id, ...brandSide];
    const recipients = participants.filter((p) => p !== user.id);
    const { rows: msg } = await c.query<{ id: number }>({
      name: 'ref_message',
      text: `WITH msg AS (INSERT INTO messages (conversation_id, sender_id, kind, event, body, created_at)
               VALUES ($1, $2, 'text', NULL, $3, $4) RETURNING id)
             UPDATE conversations SET last_message_id = greatest(coalesce(last_message_id, 0), msg.id),
               last_message_at = greatest(last_message_at, $4::timestamptz)
             FROM msg WHERE conversations.id = $1 RETURNING msg.id`,
      values: [conversationId, user.id, text, now],
    });
    const id = msg[0]!.id;
    await live(c, { t: 'm', u: participants, id, c: conversationId });
    await c.query({
      name: 'ref_reads',
      text: `WITH unread AS (
               INSERT INTO conversation_reads (conversation_id, user_id, unread_count, first_unread_at)
               SELECT $1, u, 1, $3 FROM unnest($2::int[]) u
               ON CONFLICT (conversation_id, user_id) DO UPDATE SET unread_count = conversation_reads.unread_count + 1,
                 first_unread_at = coalesce(conversation_reads.first_unread_at, excluded.first_unread_at))
             INSERT INTO conversation_reads (conversation_id, user_id, last_read_message_id, last_read_at, unread_count)
             VALUES ($1, $4, $5, $3, 0)
             ON CONFLICT (conversation_id, user_id) DO UPDATE SET
               last_read_message_id = greatest(coalesce(conversation_reads.last_read_message_id, 0), $5),
               last_read_at = $3, unread_count = 0, first_unread_at = NULL`,
      values: [conversationId, recipients, now, user.id, id],
    });
    await live(c, { t: 'r', u: participants, c: conversationId, by: user.id, m: id });
    const fromName = user.id === f.media_user_id ? f.media_name : f.brand_name;
    await notifyAll(
      c,
      recipients,
      notificationText.message({ fromName, text, conversationId }),
      now,
      `conversation:${conversationId}`,
    );
    return {
      status: 201,
      body: { data: { id, conversation_id: conversationId, sender_id: user.id, body: text, created_at: now } },
    };
  });
}

function readBody(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>);
      } catch (err) {
        reject(err as Error);
      }
    });
    req.on('error', reject);
  });
}

async function handle(req: http.IncomingMessage): Promise<Answer> {
  const url = new URL(req.url ?? '/', 'http://bench');
  if (req.method === 'GET' && url.pathname === '/') return { status: 200, body: {} };
  const body = await readBody(req);
  const user = await userOf(req.headers.authorization);
  if (!user) return refuse(401, 'unauthenticated');
  let m: RegExpMatchArray | null;
  if (req.method === 'POST' && url.pathname === '/api/v1/bookings') {
    return requestBooking(user, body as unknown as BookingBody);
  }
  if (req.method === 'PUT' && (m = url.pathname.match(/^\/api\/v1\/brands\/(\d+)\/bookings\/(\d+)$/))) {
    if (body.status !== 'accepted') return refuse(422, 'validation_failed');
    return acceptBooking(user, Number(m[1]), Number(m[2]));
  }
  if (req.method === 'POST' && (m = url.pathname.match(/^\/api\/v1\/conversations\/(\d+)\/messages$/))) {
    const text = typeof body.body === 'string' ? body.body.trim() : '';
    if (!text) return refuse(422, 'validation_failed');
    return sendMessage(user, Number(m[1]), text);
  }
  return refuse(404, 'not_found');
}

let failed = false;
http
  .createServer((req, res) => {
    const send = ({ status, body }: Answer) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    handle(req).then(send, (err: unknown) => {
      // Once: a 500 here is a bug of this file, which the bench's statuses show.
      if (!failed) console.error('reference-writes:', err);
      failed = true;
      send({ status: 500, body: { message: String(err) } });
    });
  })
  .listen(Number(portArg), '127.0.0.1');
