import pg from 'pg';

/** Conversations of the benchmark influencer (user 2), and messages in each, the same at every scale. */
export const OWN_CONVERSATIONS = 40;
const OWN_MESSAGES_EACH = 60;

/**
 * Conversations for issue 26's budget: the inbox and a thread's newest page at 1,000,000 messages in
 * 100,000 conversations cost at most 1.5x the same reads at 10,000 messages. Set-based, like
 * bench/seed.ts: first the benchmark influencer's own conversations (ids 1..40, with brands 1..40,
 * so `conversations/1` is one of theirs at every scale), then the spread between other media users
 * and brands, the messages (each conversation's evenly over the last 30 days), the last message of
 * each, and the recipients' unread counts.
 */
export async function seedConversations(
  url: string,
  scale: { conversations: number; messages: number; mediaUsers: number; brands: number },
): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const q = (text: string, values: unknown[] = []) => c.query(text, values);
  try {
    await q('SET synchronous_commit = off');
    await q(
      `INSERT INTO conversations (brand_id, media_user_id)
       SELECT b, 2 FROM generate_series(1, $1::int) b`,
      [OWN_CONVERSATIONS],
    );
    const spread = scale.conversations - OWN_CONVERSATIONS;
    // Distinct (brand, media user) pairs spread over every other media user and every brand, a few
    // each, as a marketplace's inboxes are: the i-th and the (i + k·M)-th conversation share a media
    // user and their brands differ by k·(M + 1), never a multiple of the brands' count here. (Piling
    // them on five media users made the planner take any one user's inbox for 20,000 rows: it
    // planned the inbox anew on every request, at both handlers, half the small scale's req/s.)
    await q(
      `INSERT INTO conversations (brand_id, media_user_id)
       SELECT 1 + (i + i / ($3::int - 2)) % $2::int, 3 + i % ($3::int - 2) FROM generate_series(0, $1::int - 1) i`,
      [spread, scale.brands, scale.mediaUsers],
    );
    const spreadEach = Math.max(1, Math.round((scale.messages - OWN_CONVERSATIONS * OWN_MESSAGES_EACH) / spread));
    // Messages alternate between the two sides; the brand side writes as its owner.
    await q(
      `INSERT INTO messages (conversation_id, sender_id, kind, body, created_at)
       SELECT c.id, CASE WHEN k % 2 = 0 THEN c.media_user_id ELSE b.owner_id END, 'text',
         'Message ' || k || ' of conversation ' || c.id || ': see you on Saturday at seven?',
         now() - interval '30 days' + (k * interval '30 days' / n.each) + (c.id % 997) * interval '1 second'
       FROM conversations c JOIN brands b ON b.id = c.brand_id
       CROSS JOIN LATERAL (SELECT CASE WHEN c.media_user_id = 2 THEN $1::int ELSE $2::int END AS each) n
       CROSS JOIN LATERAL generate_series(1, n.each) k
       ORDER BY c.id, k`,
      [OWN_MESSAGES_EACH, spreadEach],
    );
    await q(
      `UPDATE conversations c SET last_message_id = m.id, last_message_at = m.created_at
       FROM (SELECT DISTINCT ON (conversation_id) conversation_id, id, created_at FROM messages
             ORDER BY conversation_id, id DESC) m
       WHERE m.conversation_id = c.id`,
    );
    // Every third conversation has one message its media user has not read.
    await q(
      `INSERT INTO conversation_reads (conversation_id, user_id, last_read_message_id, last_read_at, unread_count,
         first_unread_at)
       SELECT c.id, c.media_user_id, c.last_message_id - (c.id % 3 = 0)::int, c.last_message_at,
         (c.id % 3 = 0)::int, CASE WHEN c.id % 3 = 0 THEN c.last_message_at END
       FROM conversations c`,
    );
    await q('VACUUM ANALYZE conversations, messages, conversation_reads');
  } finally {
    await c.end();
  }
}
