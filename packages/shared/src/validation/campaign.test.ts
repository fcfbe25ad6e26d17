import { describe, expect, it } from 'vitest';

import { MSG } from '../messages';
import {
  campaignSchema,
  capStep,
  featuredPhotoCountIssue,
  featuredPhotoFileIssue,
  sliderFromTierRange,
  tierRangeFromSlider,
} from './campaign';

const basics = { name: 'Spring', description: 'New menu', launch_date: '2030-04-01' };

describe('campaign rules', () => {
  it('caps the step index to 0-4', () => {
    expect([capStep(-1), capStep(0), capStep(3), capStep(4), capStep(9), capStep(Number.NaN)]).toEqual([
      0, 0, 3, 4, 4, 0,
    ]);
  });

  it('expands the two-value slider into a list of tiers and back', () => {
    expect(tierRangeFromSlider([1, 2])).toEqual([1, 2]);
    expect(tierRangeFromSlider([4, 2])).toEqual([2, 3, 4]);
    expect(sliderFromTierRange([2, 3, 4])).toEqual([2, 4]);
    expect(sliderFromTierRange([])).toEqual([1, 2]);
  });

  it('fills the defaults of the later steps', () => {
    const v = campaignSchema('generalupdates', { requireLocations: false }).parse(basics);
    expect(v).toMatchObject({
      target: ['influencer'],
      tier_range_influencer: [1, 2],
      booking: { compensation: 25, max_bookings_per_week: 1, max_guests: 2, switch: false },
      influencer_instructions: { posts_required: 0, stories_required: 0, hashtags: [] },
      key_players: [],
      end_date: null,
    });
  });

  it('requires a location only from the Bookings step on', () => {
    expect(campaignSchema('generalupdates', { requireLocations: false }).safeParse(basics).success).toBe(true);
    const r = campaignSchema('generalupdates', { requireLocations: true }).safeParse(basics);
    expect(r.error?.issues.map((i) => i.message)).toEqual([MSG.atLeastOneLocation]);
  });

  it('gives single-day events their default times and drops the other kinds dates', () => {
    const v = campaignSchema('singledayevent', { requireLocations: false }).parse({
      ...basics,
      event_date: '2030-06-10',
      end_date: '2030-06-20',
    });
    expect(v).toMatchObject({ from_time: '18:00', to_time: '18:30', launch_date: null, end_date: null });
  });

  it('strips # from hashtags and refuses spaces', () => {
    const schema = campaignSchema('generalupdates', { requireLocations: false });
    const ok = schema.parse({
      ...basics,
      influencer_instructions: { hashtags: ['#Spring', 'spring_2030', '#Spring'] },
    });
    expect(ok.influencer_instructions.hashtags).toEqual(['Spring', 'spring_2030']);
    const bad = schema.safeParse({ ...basics, influencer_instructions: { hashtags: ['two words'] } });
    expect(bad.error?.issues[0]?.message).toBe(MSG.hashtagFormat);
  });

  it('checks picked photos and their count', () => {
    expect(featuredPhotoFileIssue({ type: 'image/gif', size: 10 })).toBe(MSG.photoType);
    expect(featuredPhotoFileIssue({ type: 'image/png', size: 10 * 1024 * 1024 + 1 })).toBe(MSG.imageTooLarge);
    expect(featuredPhotoFileIssue({ type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(featuredPhotoCountIssue(0)).toBe(MSG.atLeastOneImage);
    expect(featuredPhotoCountIssue(6)).toBe(MSG.tooManyPhotos);
    expect(featuredPhotoCountIssue(5)).toBeNull();
  });
});
