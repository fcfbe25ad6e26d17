import { z } from 'zod';

import { requiredText } from './fields';

/** Longest reason staff may give when sending a campaign back to draft. */
export const REVIEW_REASON_MAX = 1000;

/** POST admin/campaigns/{id}/reject {reason}: the console's dialog and the route share it. */
export const rejectCampaignSchema = z.object({ reason: requiredText(REVIEW_REASON_MAX) });
export type RejectCampaignInput = z.input<typeof rejectCampaignSchema>;
