import { eq } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { mediaApplications } from '../../db/schema';
import { appError } from '../../lib/app-error';
import { rejectTierCheck } from '../influencers/tier-check';
import { queueMail } from '../mail/queue-mail';
import { applicationRejectedMail } from './admin.mails';
import { toApplicationResource } from './application.serializer';

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
