import { z } from 'zod';

import type { DbOrTx } from '../../db/client';
import { enqueue } from '../../jobs/queue';

export const PUSH_SEND_JOB = 'push:send';
export const PUSH_DELIVER_JOB = 'push:deliver';

/**
 * What a push says: the notification's title and text, and the app page it opens (a path of this
 * app, `/bookings/12/pass`). The payload of the `push:send` job.
 */
export const pushMessageSchema = z.object({
  userId: z.number().int().positive(),
  notificationId: z.number().int().positive(),
  title: z.string().min(1),
  body: z.string(),
  /** A path of the web app; anything else opens the app's home instead. */
  link: z.string(),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;

/**
 * Pushes a notification to every browser the user opted in on. Call it inside the transaction that
 * creates the notification (the job exists exactly when the notification does); the job runs once
 * per cluster, after the commit, and each browser's delivery is retried on its own. One job per
 * notification: a second call with the same `notificationId` does nothing.
 */
export async function enqueuePush(tx: DbOrTx, message: PushMessage): Promise<void> {
  await enqueue(tx, PUSH_SEND_JOB, pushMessageSchema.parse(message), {
    singletonKey: `push:${message.notificationId}`,
  });
}
