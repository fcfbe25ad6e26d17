import type { PageQuery } from '@comped/shared/paging';
import { count, desc } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { mailOutbox } from '../../db/schema';
import { pageMeta, pageOffset } from '../../lib/paging';
import { maskSecrets } from '../mail/mask-secrets';

export async function listOutbox(ctx: AppContext, page: PageQuery) {
  const size = page['page[size]'];
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        id: mailOutbox.id,
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        text: mailOutbox.text,
        secrets: mailOutbox.secrets,
        status: mailOutbox.status,
        created_at: mailOutbox.createdAt,
        sent_at: mailOutbox.sentAt,
      })
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.id))
      .limit(size)
      .offset(pageOffset(page['page[number]'], size)),
    ctx.db.select({ n: count() }).from(mailOutbox),
  ]);
  return {
    // Secrets (initial and temporary passwords) are never shown, not even while the mail is queued.
    data: rows.map(({ secrets, ...m }) => ({
      ...m,
      text: maskSecrets(m.text, secrets),
      created_at: m.created_at.toISOString(),
      sent_at: m.sent_at ? m.sent_at.toISOString() : null,
    })),
    meta: pageMeta(page['page[number]'], size, total?.n ?? 0),
  };
}
