import type { MediaApplicationReceipt, MediaApplicationResource } from '../schemas/admin';
import { mediaApplicationReceiptSchema, mediaApplicationResourceSchema } from '../schemas/admin';

/**
 * A pending application of Jo Writer, a journalist at City Eats with two press links, as the staff
 * console lists it (`GET admin/applications`). Checked by the shared schema.
 */
export function makeMediaApplication(over: Partial<MediaApplicationResource> = {}): MediaApplicationResource {
  return mediaApplicationResourceSchema.parse({
    id: 5,
    name: 'Jo Writer',
    email: 'jo@example.test',
    type: 'journalist',
    instagram: 'jo.writes',
    twitter: null,
    tiktok: null,
    workplace: 'City Eats',
    press1: 'https://cityeats.test/a',
    press2: 'https://cityeats.test/b',
    status: 'pending',
    tier: null,
    reason: null,
    user_id: null,
    tier_check: false,
    created_at: '2026-03-02T10:00:00.000Z',
    reviewed_at: null,
    ...over,
  });
}

/** `POST influencers`: the receipt of a new application (always pending). Checked by the shared schema. */
export function makeMediaApplicationReceipt(over: Partial<MediaApplicationReceipt> = {}): MediaApplicationReceipt {
  return mediaApplicationReceiptSchema.parse({ id: 1, status: 'pending', ...over });
}
