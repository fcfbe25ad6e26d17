import type { NotificationType } from '@comped/shared/notification-kinds';
import { and, eq, isNull, sql } from 'drizzle-orm';

import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { preparedSql } from '../../db/prepared';
import { notifications, pushSubscriptions, users } from '../../db/schema';
import { rowsOf } from '../../jobs/queue';
import { publishSql } from '../../lib/live-bus';
import { queueMail } from '../mail/queue-mail';
import { enqueuePush } from '../push/push-message';
import { mailWanted } from './notification-preferences';
import type { NotificationText } from './notification-texts';
import { notificationMail } from './notifications.mails';

/**
 * Who sends a kind's e-mail (ADR 018):
 * - `change`: the change itself, as the spec requires (booking, task and campaign mails, invitations),
 *   or with a mail of its own that reads the preference (a settled dispute: `mailWanted`): `notify`
 *   never mails them a second time;
 * - `unread-job`: messages mail only when still unread after 10 minutes (conversations.jobs.ts);
 * - `notify`: the rest mail here when the user's preference (or the kind's default) says so.
 */
const MAIL_SENT_BY: Record<NotificationType, 'change' | 'unread-job' | 'notify'> = {
  booking_requested: 'change',
  booking_accepted: 'change',
  booking_declined: 'change',
  booking_cancelled: 'change',
  checked_in: 'notify',
  no_show: 'change',
  dispute_settled: 'change',
  task_due: 'change',
  task_completed: 'change',
  campaign_approved: 'change',
  campaign_sent_back: 'change',
  message: 'unread-job',
  invitation: 'change',
  member_joined: 'notify',
  booking_proposal: 'notify',
  // The offer's mail is sent by the offer itself (waitlist-offers.ts): the hold is short.
  waitlist_offer: 'change',
};

export interface NotifyInput extends NotificationText {
  userId: number;
  /**
   * A later notification with the same key replaces the user's unread earlier one (a thread's new
   * messages leave one notification, `conversation:ID`, not one each).
   */
  groupKey?: string;
}

/**
 * Tells a user something happened (issue 26): the bell's row, the live event to every stream of
 * theirs on any node (sent when `tx` commits), a web push to their browsers when they have opted in
 * on any (ADR 019's job, enqueued in `tx`), and for the kinds that mail through here, the mail if
 * they want it. Call it inside the transaction of the change, with a text of notification-texts.ts:
 * `await notify(tx, ctx, { userId, ...notificationText.checkedIn({ brandName }) })`.
 * Returns the notification's id.
 */
export async function notify(
  tx: DbOrTx,
  ctx: Pick<AppContext, 'live' | 'config' | 'clock'>,
  input: NotifyInput,
): Promise<number> {
  const now = ctx.clock.now();
  // Built once per connection (db/prepared.ts): every write that tells someone runs it. Whether the
  // user has a push subscription is read by the same statement, which also sends the live signal
  // (LiveBus.publish's `{t: 'n', u: [userId], id}`). With a group key the same statement first
  // deletes the user's unread notification of that group.
  const grouped = input.groupKey !== undefined;
  const insert = preparedSql(tx, `notify_insert${grouped ? ':grouped' : ''}`, () => {
    const n = notifications;
    const row = tx
      .insert(n)
      .values({
        userId: sql.placeholder('userId'),
        type: sql.placeholder('type'),
        title: sql.placeholder('title'),
        body: sql.placeholder('body'),
        link: sql.placeholder('link'),
        groupKey: sql.placeholder('groupKey'),
        createdAt: sql.placeholder('now'),
      })
      .returning({
        id: n.id,
        subscribed:
          sql<boolean>`exists (select 1 from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${n.userId})`.as(
            'subscribed',
          ),
        signalled: publishSql(sql`json_build_object('t', 'n', 'u', json_build_array(${n.userId}), 'id', ${n.id})`),
      })
      .getSQL();
    if (!grouped) return row;
    const replaced = tx
      .delete(n)
      .where(
        and(eq(n.userId, sql.placeholder('userId')), eq(n.groupKey, sql.placeholder('groupKey')), isNull(n.readAt)),
      )
      .getSQL();
    return sql`with replaced as (${replaced}) ${row}`;
  });
  const [row] = rowsOf<{ id: number | string; subscribed: boolean }>(
    await insert.execute({
      userId: input.userId,
      type: input.type,
      title: input.title,
      body: input.body,
      link: input.link,
      groupKey: input.groupKey ?? null,
      now,
    }),
  );
  if (!row) throw new Error('notification insert returned nothing');
  if (row.subscribed) {
    await enqueuePush(tx, {
      userId: input.userId,
      notificationId: Number(row.id),
      title: input.title,
      body: input.body,
      link: input.link,
    });
  }
  if (MAIL_SENT_BY[input.type] === 'notify' && (await mailWanted(tx, input.userId, input.type))) {
    const [user] = await tx
      .select({ name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, input.userId))
      .limit(1);
    if (user) {
      const mail = notificationMail({
        name: user.name,
        title: input.title,
        body: input.body,
        url: `${ctx.config.publicUrl}${input.link}`,
        settingsUrl: `${ctx.config.publicUrl}/settings`,
      });
      await queueMail(tx, { to: user.email, ...mail });
    }
  }
  return Number(row.id);
}
