import type { InvitationResource } from '@comped/shared/schemas/directory';

import type { campaignInvitations } from '../../db/schema';

type InvitationRow = typeof campaignInvitations.$inferSelect;

export function toInvitationResource(
  row: InvitationRow,
  campaign: { id: number; name: string },
  brand: { id: number; name: string; logo: string | null },
): InvitationResource {
  return {
    id: row.id,
    campaign: { id: campaign.id, name: campaign.name },
    brand: { id: brand.id, name: brand.name, logo: brand.logo },
    note: row.note,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}
