import { z } from 'zod';

import { MSG } from '../messages';
import type { NotificationType } from '../notification-kinds';
import { NOTIFICATION_RULES, NOTIFICATION_TEXT, NOTIFICATION_TYPES } from '../notification-kinds';
import { dbId } from './fields';

/**
 * Types whose e-mail the specification or decisions.md requires (decisions.md, Delivery; visits'
 * no-show mail and task reminders; invitations "notify and mail"): that mail is sent by the change
 * itself and cannot be turned off (ADR 018). The settings page shows them checked and locked.
 */
export const REQUIRED_MAIL_TYPES = [
  'booking_requested',
  'booking_accepted',
  'booking_declined',
  'booking_cancelled',
  'no_show',
  'task_due',
  'task_completed',
  'campaign_approved',
  'campaign_sent_back',
  'invitation',
  'waitlist_offer',
] as const satisfies readonly NotificationType[];

/** Whether a type also mails when the user has not chosen (ADR 018). Required types are always on. */
export const DEFAULT_MAIL: Record<NotificationType, boolean> = {
  booking_requested: true,
  booking_accepted: true,
  booking_declined: true,
  booking_cancelled: true,
  checked_in: false,
  no_show: true,
  dispute_settled: true,
  task_due: true,
  task_completed: true,
  campaign_approved: true,
  campaign_sent_back: true,
  message: true,
  invitation: true,
  member_joined: true,
  booking_proposal: true,
  waitlist_offer: true,
};

export function isRequiredMail(type: NotificationType): boolean {
  return (REQUIRED_MAIL_TYPES as readonly NotificationType[]).includes(type);
}

/** How the settings page names each type. */
export const NOTIFICATION_TYPE_LABEL: Record<NotificationType, string> = {
  booking_requested: 'New booking requests',
  booking_accepted: 'Booking accepted',
  booking_declined: 'Booking declined',
  booking_cancelled: 'Booking cancelled',
  checked_in: 'Guest checked in',
  no_show: 'Visit marked as a no-show',
  dispute_settled: 'No-show dispute settled',
  task_due: 'Task due',
  task_completed: 'Task completed',
  campaign_approved: 'Campaign approved',
  campaign_sent_back: 'Campaign sent back',
  message: 'New messages (after 10 minutes unread)',
  invitation: 'Campaign invitations',
  member_joined: 'Team member joined',
  booking_proposal: 'Another time proposed for your request',
  waitlist_offer: 'A place freed up on your waitlist',
};

/** `GET notifications?filter[unread]=1`. */
export const notificationsFilterSchema = z.object({
  'filter[unread]': z.enum(['0', '1']).optional(),
});

/** `POST notifications/read {"ids": [...]}` or `{"all": true}`. */
export const markNotificationsReadSchema = z
  .object({
    ids: z
      .array(dbId(MSG.notFound), { error: () => NOTIFICATION_TEXT.idsOrAll })
      .min(1, NOTIFICATION_TEXT.idsOrAll)
      .max(NOTIFICATION_RULES.markReadMax, `At most ${NOTIFICATION_RULES.markReadMax} ids at once.`)
      .optional(),
    all: z.literal(true, { error: () => NOTIFICATION_TEXT.idsOrAll }).optional(),
  })
  .refine((v) => (v.ids === undefined) !== (v.all === undefined), {
    message: NOTIFICATION_TEXT.idsOrAll,
    path: ['ids'],
  });
export type MarkNotificationsReadInput = z.input<typeof markNotificationsReadSchema>;

/**
 * `PUT notification-preferences {"mail": {"TYPE": true|false}}`: the types named change, the others
 * stay; an unknown type, or false for a required mail, is a 422 on `mail.TYPE`.
 */
export const notificationPreferencesInputSchema = z.object({
  mail: z.record(z.string(), z.boolean({ error: () => 'Choose on or off.' })).superRefine((mail, ctx) => {
    for (const [type, on] of Object.entries(mail)) {
      if (!(NOTIFICATION_TYPES as readonly string[]).includes(type)) {
        ctx.addIssue({ code: 'custom', message: NOTIFICATION_TEXT.unknownType, path: [type] });
      } else if (!on && isRequiredMail(type as NotificationType)) {
        ctx.addIssue({ code: 'custom', message: NOTIFICATION_TEXT.requiredMail, path: [type] });
      }
    }
  }),
});
export type NotificationPreferencesInput = z.input<typeof notificationPreferencesInputSchema>;
