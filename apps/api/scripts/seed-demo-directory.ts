/**
 * The creator directory, invitations and the content library in the demo (issue 28): a few listed
 * creators, a campaign above the demo influencer's tier with usage rights and an open invitation
 * for them, and delivered posts and stories with their rights in the demo brand's library.
 */
import { campaignExpiresOn } from '@comped/shared/campaign-kinds';
import { rightsExpiry } from '@comped/shared/schemas/usage-rights';
import { addDays, weekStartOf } from '@comped/shared/time';

import type { Db } from '../src/db/client';
import {
  bookings,
  campaignInvitations,
  campaignLocations,
  campaigns,
  contentItems,
  notifications,
  tasks,
  users,
} from '../src/db/schema';
import { zonedToInstant } from '../src/lib/clock';

export async function seedDirectoryDemo(
  db: Db,
  v: {
    brandId: number;
    ownerId: number;
    brandName: string;
    influencerId: number;
    locationId: number;
    passwordHash: string;
    tz: string;
    today: string;
    now: Date;
  },
): Promise<void> {
  const creators = await db
    .insert(users)
    .values([
      {
        name: 'Maya Okafor',
        email: 'maya@demo.comped.app',
        role: 'influencer' as const,
        passwordHash: v.passwordHash,
        tier: 3,
        bio: 'Brunch, bakeries and Brooklyn.',
        location: 'Brooklyn 11211',
        instagram: 'maya.brunches',
        tiktok: 'mayabrunches',
      },
      {
        name: 'Sam Delgado',
        email: 'sam@demo.comped.app',
        role: 'influencer' as const,
        passwordHash: v.passwordHash,
        tier: 1,
        bio: 'Cheap eats, big flavour.',
        location: 'Queens 11101',
        instagram: 'sam.eats.nyc',
      },
      {
        name: 'Priya Nair',
        email: 'priya@demo.comped.app',
        role: 'journalist' as const,
        passwordHash: v.passwordHash,
        tier: 2,
        workplace: 'Brooklyn Food Weekly',
        location: 'Manhattan 10014',
        twitter: 'priyaeats',
      },
    ])
    .returning();
  const maya = creators[0]!;

  // A campaign above the demo influencer's tier (2), with usage rights; they are invited to it.
  const rights = { organic: true, ads: true, website: false, days: 90, until: null };
  const launchDate = addDays(v.today, -10);
  const endDate = addDays(v.today, 50);
  const [chef] = await db
    .insert(campaigns)
    .values({
      brandId: v.brandId,
      categoryId: 4,
      status: 'approved',
      step: 4,
      name: "Chef's counter tasting",
      description: "Ten courses at the chef's counter for creators with a big following.",
      launchDate,
      endDate,
      target: ['influencer'],
      tierRangeInfluencer: [3, 4],
      tierRangeJournalist: [3, 4],
      booking: {
        compensation: 200,
        max_bookings_per_week: 3,
        max_guests: 2,
        information_only: false,
        tip: null,
        switch: false,
        unavailable_dates: {},
      },
      influencerInstructions: {
        tagging_required: true,
        geotag_required: true,
        posts_required: 1,
        stories_required: 1,
        hashtags: ['marinopasta'],
      },
      usageRights: rights,
      expiresOn: campaignExpiresOn({
        launch_date: launchDate,
        opening_date: null,
        event_date: null,
        end_date: endDate,
      }),
      approvedAt: v.now,
      submittedAt: v.now,
    })
    .returning();
  if (!chef) throw new Error('directory demo campaign not created');
  await db.insert(campaignLocations).values({ campaignId: chef.id, locationId: v.locationId });
  await db.insert(campaignInvitations).values({
    campaignId: chef.id,
    brandId: v.brandId,
    userId: v.influencerId,
    invitedBy: v.ownerId,
    note: 'We loved your pasta reel. Come try the counter!',
    createdAt: v.now,
    updatedAt: v.now,
  });
  await db.insert(notifications).values({
    userId: v.influencerId,
    type: 'invitation',
    title: 'You are invited',
    body: `${v.brandName} invited you to ${chef.name}.`,
    link: `/campaigns/${chef.id}`,
    createdAt: v.now,
  });

  // Maya visited last week and delivered a post and a story: the brand's content library.
  const date = addDays(v.today, -6);
  const [visit] = await db
    .insert(bookings)
    .values({
      campaignId: chef.id,
      locationId: v.locationId,
      userId: maya.id,
      brandId: v.brandId,
      status: 'finished',
      bookingDate: date,
      bookingTime: '19:00',
      weekStart: weekStartOf(date),
      visitAt: zonedToInstant(date, '19:00', v.tz),
      checkedInAt: zonedToInstant(date, '19:05', v.tz),
      guests: 2,
    })
    .returning();
  if (!visit) throw new Error('directory demo booking not created');
  const delivered = zonedToInstant(addDays(date, 1), '12:00', v.tz);
  const posts = [
    { type: 'post' as const, link: 'https://www.instagram.com/p/marinocounter/', check: 'network' as const },
    { type: 'story' as const, link: 'https://www.instagram.com/stories/maya.brunches/', check: 'format' as const },
  ];
  const [task] = await db
    .insert(tasks)
    .values({
      bookingId: visit.id,
      userId: maya.id,
      completed: true,
      geolocalized: true,
      hashtagged: true,
      posted: true,
      tagged: true,
      rating: 5,
      posts,
      completedAt: delivered,
    })
    .returning();
  if (!task) throw new Error('directory demo task not created');
  const expiresOn = rightsExpiry(rights, addDays(date, 1));
  await db.insert(contentItems).values(
    posts.map((p) => ({
      brandId: v.brandId,
      campaignId: chef.id,
      bookingId: visit.id,
      taskId: task.id,
      userId: maya.id,
      type: p.type,
      network: 'instagram',
      url: p.link,
      checked: p.check === 'network',
      rights: { organic: rights.organic, ads: rights.ads, website: rights.website, expires_on: expiresOn },
      favourite: p.type === 'post',
      deliveredAt: delivered,
    })),
  );
}
