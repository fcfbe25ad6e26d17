import type { CampaignResource } from '../schemas/resources';
import { campaignResourceSchema } from '../schemas/resources';

/**
 * "Summer menu" (campaign 7) of Bistro Uno: an approved General Updates campaign at Downtown for
 * tier 1-2 influencers, $50 per guest. Checked by the shared schema.
 */
export function makeCampaign(over: Partial<CampaignResource> = {}): CampaignResource {
  return campaignResourceSchema.parse({
    id: 7,
    name: 'Summer menu',
    description: 'Taste the new summer menu and share your favorite dish.',
    brand_id: 3,
    brand: { id: 3, name: 'Bistro Uno', logo: null, brandType: 'Restaurant' },
    category_id: 4,
    status: 'approved',
    step: 4,
    attributes_type: 'generalupdates',
    attributes: {
      launch_date: '2026-06-01',
      opening_date: null,
      event_date: null,
      end_date: '2026-07-31',
      from_time: null,
      to_time: null,
      key_players: [{ type: 'Chef', name: 'Luca Bianchi', bio: 'Twenty years in Milan and New York.' }],
    },
    featuredphotos: [
      {
        id: 21,
        campaign_id: 7,
        name: 'c7-terrace',
        path: 'campaigns/7/terrace.jpg',
        thumb_path: 'campaigns/7/terrace-thumb.webp',
      },
    ],
    locations: [{ id: 11, name: 'Downtown', address: '12 Harbor St, New York, NY', time_zone: 'America/New_York' }],
    type: {
      booking: {
        compensation: 50,
        max_bookings_per_week: 3,
        max_guests: 2,
        information_only: false,
        tip: null,
        switch: false,
        unavailable_dates: { fri: [{ from: '18:00', to: '20:00' }] },
      },
    },
    target: ['influencer'],
    tier_range_influencer: [1, 2],
    tier_range_journalist: [1, 2],
    influencer_instructions: {
      tagging_required: true,
      geotag_required: true,
      posts_required: 1,
      stories_required: 2,
      hashtags: ['bistrouno', 'summermenu'],
    },
    review_reason: null,
    expires_on: '2026-07-31',
    created_at: '2026-05-20T14:00:00.000Z',
    ...over,
  });
}
