import type { NotificationType } from '@comped/shared/notification-kinds';
import { NOTIFICATION_TYPES } from '@comped/shared/notification-kinds';
import type { NotificationPreferences } from '@comped/shared/schemas/notifications';
import { DEFAULT_MAIL, isRequiredMail, REQUIRED_MAIL_TYPES } from '@comped/shared/validation/notifications';
import { and, eq, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { notificationPreferences } from '../../db/schema';

/**
 * Whether a kind of notification also mails this user: their choice, else the kind's default
 * (ADR 018). A required mail is always on (decisions.md: "Mails that the spec requires stay on").
 */
export async function mailWanted(db: DbOrTx, userId: number, type: NotificationType): Promise<boolean> {
  if (isRequiredMail(type)) return true;
  const [row] = await db
    .select({ mail: notificationPreferences.mail })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.type, type)))
    .limit(1);
  return row?.mail ?? DEFAULT_MAIL[type];
}

/** GET notification-preferences: every type, chosen or default, required ones on. */
export async function getPreferences(db: DbOrTx, userId: number): Promise<NotificationPreferences> {
  const rows = await db
    .select({ type: notificationPreferences.type, mail: notificationPreferences.mail })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const chosen = new Map(rows.map((r) => [r.type, r.mail]));
  const mail = {} as Record<NotificationType, boolean>;
  for (const type of NOTIFICATION_TYPES) {
    mail[type] = isRequiredMail(type) || (chosen.get(type) ?? DEFAULT_MAIL[type]);
  }
  return { mail, required: [...REQUIRED_MAIL_TYPES] };
}

/**
 * PUT notification-preferences: the types named change (the request schema refused unknown types
 * and turning a required mail off), the others keep their choice.
 */
export async function updatePreferences(
  db: DbOrTx,
  userId: number,
  mail: Record<string, boolean>,
): Promise<NotificationPreferences> {
  const values = Object.entries(mail)
    .filter(([type]) => !isRequiredMail(type as NotificationType))
    .map(([type, on]) => ({ userId, type, mail: on }));
  if (values.length > 0) {
    await db
      .insert(notificationPreferences)
      .values(values)
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.type],
        set: { mail: sql`excluded.mail` },
      });
  }
  return getPreferences(db, userId);
}
