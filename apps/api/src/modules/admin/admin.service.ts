import { MSG } from '@comped/shared/messages';
import type { PageCursorQuery, PageQuery } from '@comped/shared/paging';
import type { ApplicationStatus } from '@comped/shared/statuses';
import { and, asc, count, desc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';

import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { arrayParam, fromDriver, pageOfIds, preparedOn, preparedSql } from '../../db/prepared';
import { mailOutbox, mediaApplications, mediaApplicationStatusCounts, users } from '../../db/schema';
import { rowsOf } from '../../jobs/queue';
import { appError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/database-errors';
import { pageMeta, pageOffset, pageStart } from '../../lib/paging';
import { hashPassword } from '../../lib/passwords';
import { newTemporaryPassword } from '../../lib/tokens';
import { emailTaken, INITIAL_PASSWORD_TTL_MS, storeTemporaryPassword } from '../auth/credentials';
import { confirmTierCheck, rejectTierCheck } from '../influencers/tier-check';
import { maskSecrets, queueMail } from '../mail/mail.service';
import { applicationApprovedMail, applicationRejectedMail } from './admin.mails';

type ApplicationRow = typeof mediaApplications.$inferSelect;

export function toApplicationResource(a: ApplicationRow) {
  return {
    id: a.id,
    name: a.name,
    email: a.email,
    type: a.type,
    instagram: a.instagram,
    twitter: a.twitter,
    tiktok: a.tiktok,
    workplace: a.workplace,
    press1: a.press1,
    press2: a.press2,
    status: a.status,
    tier: a.tier,
    reason: a.reason,
    user_id: a.userId,
    tier_check: a.tierCheck,
    created_at: a.createdAt.toISOString(),
    reviewed_at: a.reviewedAt ? a.reviewedAt.toISOString() : null,
  };
}

/**
 * The staff applications queue. Pending: the oldest first (a queue); reviewed: the latest decisions
 * first. With `page[cursor]` (the previous page's last application) the page is an index seek
 * after it; the exact total is the status's counter row (media_application_status_counts), so no
 * page counts the queue (docs/performance.md).
 */
export async function listApplications(ctx: AppContext, status: ApplicationStatus, page: PageCursorQuery) {
  const a = mediaApplications;
  const size = page['page[size]'];
  const start = pageStart(page);
  const values = { status, cursor: start.cursor, limit: size, offset: start.offset };
  const total = () =>
    preparedOn(ctx.db, 'applications_total', (on) =>
      on
        .select({ n: mediaApplicationStatusCounts.n })
        .from(mediaApplicationStatusCounts)
        .where(eq(mediaApplicationStatusCounts.status, sql.placeholder('status')))
        .prepare('applications_total'),
    ).execute(values);
  const meta = (counted: { n: number } | undefined) => pageMeta(page['page[number]'], size, counted?.n ?? 0);
  // The pending queue (what the staff work through) is prepared once per connection (issue 31). Its
  // first page and a page after a cursor skip nothing: the rows come in one statement.
  if (status === 'pending' && start.offset === 0) {
    const [rows, [counted]] = await Promise.all([
      pendingApplications(ctx.db, start.cursor !== undefined).execute(values),
      total(),
    ]);
    return { data: rows.map(toApplicationResource), meta: meta(counted) };
  }
  // A page by number: its ids first, index-only on (status, id) or (status, reviewed_at, id) however
  // deep the offset, then its rows (a deep page skips index entries, not whole rows). The pending
  // queue's page is one statement, prepared once per connection.
  if (status === 'pending') {
    const [rows, [counted]] = await Promise.all([pendingApplicationsPage(ctx.db, values), total()]);
    return { data: rows.map(toApplicationResource), meta: meta(counted) };
  }
  // A reviewed list seeks by a pair read first, so its ids are built per request, and its rows
  // come by a prepared statement (one statement built per request measured slower).
  const [idRows, [counted]] = await Promise.all([
    ctx.db
      .select({ id: a.id })
      .from(a)
      .where(and(eq(a.status, status), await applicationSeek(ctx, status, start.cursor)))
      .orderBy(desc(a.reviewedAt), desc(a.id))
      .limit(size)
      .offset(start.offset),
    total(),
  ]);
  const ids = idRows.map((r) => r.id);
  const found = ids.length
    ? await preparedOn(ctx.db, 'applications_by_ids', (on) =>
        on
          .select()
          .from(a)
          .where(sql`${a.id} = any(${sql.placeholder('ids')}::int[])`)
          .prepare('applications_by_ids'),
      ).execute({ ids: arrayParam(ids) })
    : [];
  const byId = new Map(found.map((r) => [r.id, r]));
  const rows = ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
  return { data: rows.map(toApplicationResource), meta: meta(counted) };
}

/** The pending queue's page by number, oldest first: its ids, then their rows in that order. */
async function pendingApplicationsPage(db: DbOrTx, values: Record<string, unknown>): Promise<ApplicationRow[]> {
  const statement = preparedSql(db, 'applications_pending_page', () => {
    const a = mediaApplications;
    const ids = db
      .select({ id: a.id })
      .from(a)
      .where(eq(a.status, sql.placeholder('status')))
      .orderBy(asc(a.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .getSQL();
    return sql`select a.* from ${pageOfIds(ids)} join ${a} a on a.id = page.id order by page.ord`;
  });
  return rowsOf<Record<string, unknown>>(await statement.execute(values)).map((r) => fromDriver(mediaApplications, r));
}

/** The pending queue's first page, or its page after `cursor`: oldest first, whole rows. */
function pendingApplications(db: DbOrTx, seek: boolean) {
  const name = `applications_pending_rows${seek ? ':cursor' : ''}`;
  return preparedOn(db, name, (on) => {
    const a = mediaApplications;
    return on
      .select()
      .from(a)
      .where(and(eq(a.status, sql.placeholder('status')), seek ? gt(a.id, sql.placeholder('cursor')) : undefined))
      .orderBy(asc(a.id))
      .limit(sql.placeholder('limit'))
      .prepare(name);
  });
}

/** The applications after the cursor in the list's order; a cursor that is not in the list is a 422. */
async function applicationSeek(ctx: AppContext, status: ApplicationStatus, cursor: number | undefined) {
  const a = mediaApplications;
  if (cursor === undefined) return undefined;
  if (status === 'pending') return gt(a.id, cursor);
  // Reviewed lists are ordered by (reviewed_at DESC, id DESC): seek below the cursor's pair. The
  // timestamp travels as text, as JavaScript dates would drop PostgreSQL's microseconds.
  const [at] = await ctx.db
    .select({ reviewedAt: sql<string | null>`${a.reviewedAt}::text` })
    .from(a)
    .where(and(eq(a.id, cursor), eq(a.status, status)));
  if (!at) throw appError('validation_failed', { field: 'page[cursor]', message: MSG.pageCursor });
  // DESC puts a missing reviewed_at first (none is expected: every decision sets it).
  if (at.reviewedAt === null) return or(and(isNull(a.reviewedAt), lt(a.id, cursor)), isNotNull(a.reviewedAt));
  return sql`(${a.reviewedAt}, ${a.id}) < (${at.reviewedAt}::timestamptz, ${cursor}::int)`;
}

/**
 * Creates the media account from a pending application, with an initial password valid for a week
 * that must be changed at first sign-in, and e-mails the credentials; all in one transaction.
 */
export async function approveApplication(ctx: AppContext, id: number, tier: number, staffId: number) {
  const now = ctx.clock.now();
  const password = newTemporaryPassword();
  const passwordHash = await hashPassword(password);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [app] = await tx.select().from(mediaApplications).where(eq(mediaApplications.id, id)).for('update');
      if (!app) throw appError('not_found');
      if (app.status !== 'pending') throw appError('application_already_reviewed');
      if (app.tierCheck) {
        // A tier check of an existing account (issue 11): set its tier, create nothing.
        await confirmTierCheck(tx, ctx.config, app, tier, now);
        const [checked] = await tx
          .update(mediaApplications)
          .set({ status: 'approved', tier, reviewedBy: staffId, reviewedAt: now })
          .where(eq(mediaApplications.id, id))
          .returning();
        return toApplicationResource(checked!);
      }
      if (await emailTaken(tx, app.email))
        throw appError('validation_failed', { field: 'email', message: MSG.emailTaken });
      const [user] = await tx
        .insert(users)
        .values({
          name: app.name,
          email: app.email,
          role: app.type,
          passwordHash: null,
          mustChangePassword: true,
          tier,
          instagram: app.instagram,
          twitter: app.twitter,
          tiktok: app.tiktok,
          workplace: app.type === 'journalist' ? app.workplace : null,
          pressPlaces: [app.press1, app.press2].filter((p): p is string => !!p),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id });
      if (!user) throw new Error('user insert returned nothing');
      await storeTemporaryPassword(tx, user.id, 'initial', passwordHash, now);
      const [updated] = await tx
        .update(mediaApplications)
        .set({ status: 'approved', tier, userId: user.id, reviewedBy: staffId, reviewedAt: now })
        .where(eq(mediaApplications.id, id))
        .returning();
      await queueMail(
        tx,
        applicationApprovedMail({
          to: app.email,
          name: app.name,
          password,
          validDays: INITIAL_PASSWORD_TTL_MS / 86400_000,
          publicUrl: ctx.config.publicUrl,
        }),
      );
      return toApplicationResource(updated!);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw appError('validation_failed', { field: 'email', message: MSG.emailTaken });
    throw err;
  }
}

export async function rejectApplication(ctx: AppContext, id: number, reason: string, staffId: number) {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [app] = await tx.select().from(mediaApplications).where(eq(mediaApplications.id, id)).for('update');
    if (!app) throw appError('not_found');
    if (app.status !== 'pending') throw appError('application_already_reviewed');
    const [updated] = await tx
      .update(mediaApplications)
      .set({ status: 'rejected', reason, reviewedBy: staffId, reviewedAt: now })
      .where(eq(mediaApplications.id, id))
      .returning();
    if (app.tierCheck) await rejectTierCheck(tx, ctx.config, app, reason);
    else await queueMail(tx, applicationRejectedMail({ to: app.email, name: app.name, reason }));
    return toApplicationResource(updated!);
  });
}

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
