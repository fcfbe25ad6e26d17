import { mediaApplications } from '../../db/schema';

export type ApplicationRow = typeof mediaApplications.$inferSelect;

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
