import type { InvitationsBodyInput } from '@comped/shared/validation/directory';
import { useMutation, useQuery } from '@tanstack/react-query';

import { apiParse } from '../lib/api-client';
import { getBrandCampaigns } from './campaigns';

/**
 * Invitations to campaigns (issue 28): the Invite dialog of the creator directory and of a media
 * user's public profile both send POST campaigns/{id}/invitations and offer the brand's approved
 * campaigns.
 */
export function inviteToCampaign(campaignId: number, body: InvitationsBodyInput) {
  return apiParse(`campaigns/${campaignId}/invitations`, 'createdInvitations', {
    method: 'POST',
    body,
  });
}

export function useInviteToCampaign() {
  return useMutation({
    mutationFn: (v: { campaignId: number; body: InvitationsBodyInput }) => inviteToCampaign(v.campaignId, v.body),
  });
}

/** The brand's approved campaigns (the first 50), for the Invite dialog's choice. */
export function useApprovedCampaigns(brandId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['campaigns', 'list', { scope: 'brand', brandId, filter: 'approved', for: 'invite' }],
    queryFn: () => getBrandCampaigns(brandId ?? 0, { 'filter[status]': 'approved', 'page[size]': 50 }),
    enabled: enabled && brandId !== undefined,
  });
}
