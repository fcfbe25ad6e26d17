import type { MediaUserSummary } from '../schemas/resources';
import { mediaUserSummarySchema } from '../schemas/resources';

/**
 * A media user as bookings and tasks show them: Ann, a tier-1 influencer with an Instagram handle.
 * Parsed with the shared schema, so a test fixture can never drift from what the API sends.
 */
export function makeMediaUserSummary(over: Partial<MediaUserSummary> = {}): MediaUserSummary {
  return mediaUserSummarySchema.parse({
    id: 5,
    name: 'Ann Lee',
    profile_picture: null,
    type: 'influencer',
    tier_range: 1,
    bio: 'Brunch spots and natural wine in Brooklyn.',
    location: 'Brooklyn, NY',
    workplace: null,
    socialnetworks: [{ name: 'instagram', handle: 'annlee.eats' }],
    ...over,
  });
}
