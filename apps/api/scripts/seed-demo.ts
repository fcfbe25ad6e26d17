/**
 * `npm run seed:demo`: fills the database of DATA_DIR (or DATABASE_URL) with a demo brand, an
 * influencer, a journalist, campaigns of each kind and bookings in each state, so a newcomer can
 * click around. Run it while the server is stopped (embedded PGlite takes one process at a time).
 * Running it twice changes nothing: it stops when the demo brand exists.
 */
import { randomBytes } from 'node:crypto';

import { campaignExpiresOn } from '@comped/shared/campaign-kinds';
import { addDays, weekdayIndexOf, weekStartOf } from '@comped/shared/time';
import { mediaApplicationSchema } from '@comped/shared/validation/auth';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';

import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Db } from '../src/db/client';
import { DataDirInUseError } from '../src/db/data-dir-lock';
import {
  bookings,
  brands,
  campaignLocations,
  campaignPhotos,
  campaigns,
  invoices,
  locations,
  subscriptions,
  tasks,
  users,
} from '../src/db/schema';
import { dateInZone, zonedToInstant } from '../src/lib/clock';
import { hashPassword } from '../src/lib/passwords';
import { applyAsMedia } from '../src/modules/auth/apply-as-media';
import { newCheckInCode } from '../src/modules/bookings/visit-times';
import { addPhoto as addBrandPhoto } from '../src/modules/brands/add-photo';
import { seedDirectoryDemo } from './seed-demo-directory';
import { seedNotificationsDemo } from './seed-demo-notifications';
import { seedSlotsDemo } from './seed-demo-slots';
import { DEMO_TEAM, seedTeamDemo } from './seed-demo-team';

const PASSWORD = 'comped-demo';
const DEMO = {
  brand: 'brand@demo.comped.app',
  influencer: 'influencer@demo.comped.app',
  journalist: 'journalist@demo.comped.app',
};

/** The application the staff find pending in the demo. */
const DEMO_APPLICATION = {
  name: 'Priya Shah',
  email: 'applicant@demo.comped.app',
  type: 'journalist',
  instagram: 'priya.eats',
  workplace: 'Brooklyn Bites',
  press1: 'https://brooklynbites.example/reviews/ramen-week',
  press2: 'https://brooklynbites.example/reviews/late-night-eats',
} as const;

async function main(): Promise<void> {
  const config = { ...loadConfig(), jobPollMs: 0, logLevel: 'warn' };
  // The staff account is the server's to create at its first start, where STAFF_EMAIL and
  // STAFF_PASSWORD are given and a generated password is shown (a seed run shows nobody).
  const app = await buildApp({ config, logger: false, seedStaff: false });
  const { db, storage, clock } = app.ctx;
  try {
    const existing = await db.query.users.findFirst({ where: eq(users.email, DEMO.brand) });
    if (existing) {
      console.log('Demo data is already there.');
      printCredentials(config.publicUrl, await staffEmail(app.ctx.db));
      return;
    }
    const passwordHash = await hashPassword(PASSWORD);
    const tz = config.tzDefault;
    const today = dateInZone(clock.now(), tz);

    const [owner] = await db
      .insert(users)
      .values({ name: 'Rosa Marino', email: DEMO.brand, role: 'brands', passwordHash })
      .returning();
    const [influencer] = await db
      .insert(users)
      .values({
        name: 'Jamie Rivera',
        email: DEMO.influencer,
        role: 'influencer',
        passwordHash,
        tier: 2,
        bio: 'Food and travel stories from the East Coast.',
        location: 'Brooklyn',
        instagram: 'jamie.eats',
        tiktok: 'jamieeats',
      })
      .returning();
    const [journalist] = await db
      .insert(users)
      .values({
        name: 'Alex Chen',
        email: DEMO.journalist,
        role: 'journalist',
        passwordHash,
        tier: 2,
        bio: 'Restaurant critic.',
        workplace: 'The City Table',
        instagram: 'alexchen.writes',
        pressPlaces: ['https://example.com/review-1', 'https://example.com/review-2'],
      })
      .returning();
    if (!owner || !influencer || !journalist) throw new Error('demo users not created');

    const [brand] = await db
      .insert(brands)
      .values({
        ownerId: owner.id,
        name: 'Trattoria Marino',
        description: 'Handmade pasta and natural wines in a neighbourhood dining room.',
        address: '214 Bedford Ave, Brooklyn, NY',
        zip: '11249',
        phones: '7185550142',
        brandType: 'Restaurant',
      })
      .returning();
    if (!brand) throw new Error('demo brand not created');

    const plan = await db.query.plans.findFirst();
    if (!plan) throw new Error('no plan');
    const now = clock.now();
    const [sub] = await db
      .insert(subscriptions)
      .values({
        userId: owner.id,
        planId: plan.id,
        status: 'active',
        provider: 'local',
        cardBrand: 'visa',
        cardLast4: '4242',
        monthsBilled: 1,
        currentPeriodStart: now,
        currentPeriodEnd: new Date(now.getTime() + 30 * 86400_000),
      })
      .returning();
    if (!sub) throw new Error('no subscription');
    await db.insert(invoices).values({
      subscriptionId: sub.id,
      amountCents: plan.introPriceCents,
      status: 'paid',
      periodStart: now,
      periodEnd: sub.currentPeriodEnd,
      providerInvoiceId: `local:${sub.id}:${now.toISOString()}`,
    });

    const allWeek = (['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const).map(
      (day) => ({
        day,
        start_time: '12:00',
        end_time: '22:00',
      }),
    );
    const [loc1, loc2] = await db
      .insert(locations)
      .values([
        {
          brandId: brand.id,
          name: 'Williamsburg',
          address: '214 Bedford Ave, Brooklyn, NY 11249',
          email: 'williamsburg@marino.example',
          phone: '7185550142',
          contact: 'Rosa Marino',
          zip: '11249',
          timeZone: tz,
          hours: allWeek,
        },
        {
          brandId: brand.id,
          name: 'West Village',
          address: '31 Carmine St, New York, NY 10014',
          email: 'village@marino.example',
          phone: '2125550177',
          contact: 'Luca Marino',
          zip: '10014',
          timeZone: tz,
          hours: allWeek.filter((h) => h.day !== 'monday'),
        },
      ])
      .returning();
    if (!loc1 || !loc2) throw new Error('no locations');

    const booking = {
      compensation: 100,
      max_bookings_per_week: 5,
      max_guests: 2,
      information_only: false,
      tip: 'Ask for the chef’s counter.',
      switch: false,
      unavailable_dates: {},
    };
    const instructions = {
      tagging_required: true,
      geotag_required: true,
      posts_required: 1,
      stories_required: 2,
      hashtags: ['marinopasta', 'comped'],
    };
    /** A campaign's photo: one colour, stored as an upload is (the image and its thumbnail). */
    const addPhoto = async (campaignId: number, color: string) => {
      const image = await sharp({ create: { width: 1200, height: 720, channels: 3, background: color } })
        .jpeg()
        .toBuffer();
      const thumb = await sharp(image).resize(600, 360).jpeg().toBuffer();
      const name = randomBytes(12).toString('hex');
      await storage.put(`campaigns/${name}.jpg`, image, 'image/jpeg');
      await storage.put(`campaigns/${name}-thumb.jpg`, thumb, 'image/jpeg');
      await db
        .insert(campaignPhotos)
        .values({ campaignId, name, path: `campaigns/${name}.jpg`, thumbPath: `campaigns/${name}-thumb.jpg` });
    };
    const specs = [
      {
        name: 'Spring menu launch',
        categoryId: 4,
        launchDate: addDays(today, -14),
        endDate: addDays(today, 60),
        status: 'approved' as const,
        color: '#c2410c',
      },
      {
        name: 'West Village opening',
        categoryId: 5,
        openingDate: addDays(today, -3),
        endDate: addDays(today, 30),
        status: 'approved' as const,
        color: '#1e3a5f',
        // An opening is at the new venue only: its visits are not the first location's host's.
        at: 'second' as const,
      },
      {
        name: 'Truffle night',
        categoryId: 6,
        eventDate: addDays(today, 10),
        fromTime: '18:00',
        toTime: '21:00',
        status: 'approved' as const,
        color: '#134e4a',
      },
      {
        name: 'Summer terrace (in review)',
        categoryId: 4,
        launchDate: addDays(today, 20),
        status: 'review' as const,
        color: '#7c2d12',
      },
      {
        name: 'Brunch pop-up (draft)',
        categoryId: 4,
        launchDate: addDays(today, 30),
        status: 'draft' as const,
        color: '#312e81',
      },
    ];
    const created: { id: number; name: string }[] = [];
    for (const s of specs) {
      const dates = {
        launch_date: s.launchDate ?? null,
        opening_date: s.openingDate ?? null,
        event_date: s.eventDate ?? null,
        end_date: s.endDate ?? null,
      };
      const [c] = await db
        .insert(campaigns)
        .values({
          brandId: brand.id,
          categoryId: s.categoryId,
          status: s.status,
          step: s.status === 'draft' ? 2 : 4,
          name: s.name,
          description: `${s.name} at Trattoria Marino: a complimentary dinner for two with our seasonal tasting menu.`,
          launchDate: dates.launch_date,
          openingDate: dates.opening_date,
          eventDate: dates.event_date,
          endDate: dates.end_date,
          fromTime: s.fromTime ?? null,
          toTime: s.toTime ?? null,
          keyPlayers: [
            { type: 'Chef', name: 'Rosa Marino', bio: 'Chef and owner' },
            { type: 'Beverage Director', name: 'Luca Marino', bio: 'Natural wine list' },
          ],
          target: ['influencer', 'journalist'],
          tierRangeInfluencer: [1, 2, 3],
          tierRangeJournalist: [1, 2, 3, 4],
          booking,
          influencerInstructions: instructions,
          expiresOn: campaignExpiresOn(dates),
          submittedAt: s.status === 'draft' ? null : now,
          approvedAt: s.status === 'approved' ? now : null,
        })
        .returning();
      if (!c) throw new Error('campaign not created');
      created.push({ id: c.id, name: c.name });
      const at = 'at' in s ? [loc2] : [loc1, loc2];
      await db.insert(campaignLocations).values(at.map((l) => ({ campaignId: c.id, locationId: l.id })));
      await addPhoto(c.id, s.color);
    }

    // Bookings: one pending (journalist), one accepted in the past with an open task (influencer),
    // and one finished (influencer, on another campaign).
    const mk = (
      campaignId: number,
      userId: number,
      status: 'pending' | 'accepted' | 'finished',
      date: string,
      time: string,
      locationId = loc1.id,
    ) => ({
      campaignId,
      locationId,
      userId,
      brandId: brand.id,
      status,
      bookingDate: date,
      bookingTime: time,
      weekStart: weekStartOf(date),
      visitAt: zonedToInstant(date, time, tz),
      guests: 2,
      // An accepted visit has its check-in code from the accept on (the pass, the calendar feed).
      checkInCode: status === 'pending' ? null : newCheckInCode(),
    });
    const [c1, c2, c3] = created;
    // West Village is closed on Mondays: the opening's finished visit is on its last open day.
    const westVillageYesterday = addDays(today, weekdayIndexOf(addDays(today, -1)) === 0 ? -2 : -1);
    if (!c1 || !c2 || !c3) throw new Error('campaigns missing');
    const inserted = await db
      .insert(bookings)
      .values([
        // The journalist asks for the truffle evening (its one day, inside its hours).
        mk(c3.id, journalist.id, 'pending', addDays(today, 10), '19:00'),
        mk(c1.id, influencer.id, 'accepted', addDays(today, -1), '19:30'),
        mk(c2.id, influencer.id, 'finished', westVillageYesterday, '13:00', loc2.id),
      ])
      .returning();
    const accepted = inserted.find((b) => b.status === 'accepted');
    const finished = inserted.find((b) => b.status === 'finished');
    if (accepted) await db.insert(tasks).values({ bookingId: accepted.id, userId: influencer.id });
    if (finished) {
      await db.insert(tasks).values({
        bookingId: finished.id,
        userId: influencer.id,
        completed: true,
        geolocalized: true,
        hashtagged: true,
        posted: true,
        tagged: true,
        rating: 5,
        posts: [{ type: 'post', link: 'https://www.instagram.com/p/demo' }],
        completedAt: now,
      });
    }
    await seedNotificationsDemo(app.ctx, {
      brand,
      campaigns: created,
      people: [influencer, journalist],
      bookings: inserted,
    });
    await seedTeamDemo(app.ctx, {
      brand,
      locationId: loc1.id,
      // Tonight's visit: the standing spring menu, bookable any day since its launch.
      campaignId: c1.id,
      mediaUserId: journalist.id,
      passwordHash,
      today,
      tz,
      now,
    });
    await seedDirectoryDemo(db, {
      brandId: brand.id,
      ownerId: owner.id,
      brandName: brand.name,
      influencerId: influencer.id,
      locationId: loc1.id,
      passwordHash,
      tz,
      today,
      now,
    });
    await seedSlotsDemo(db, {
      brandId: brand.id,
      locationId: loc1.id,
      influencerId: influencer.id,
      journalistId: journalist.id,
      timeZone: tz,
      today,
      now,
    });
    // The campaigns the other demos added get a photo too: the lists open on pictures, not on
    // placeholders.
    const withPhoto = new Set(
      (await db.select({ id: campaignPhotos.campaignId }).from(campaignPhotos)).map((r) => r.id),
    );
    const bare = (await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.brandId, brand.id))).filter(
      (c) => !withPhoto.has(c.id),
    );
    const colors = ['#9a3412', '#3f6212', '#581c87', '#0f766e'];
    for (const [i, c] of bare.entries()) await addPhoto(c.id, colors[i % colors.length]!);
    // The brand's gallery (its page and the campaigns' brand section), added as the dashboard adds
    // a photo.
    for (const color of ['#7c2d12', '#a16207', '#365314']) {
      const photo = await sharp({ create: { width: 1200, height: 720, channels: 3, background: color } })
        .jpeg()
        .toBuffer();
      await addBrandPhoto(app.ctx, app.log, brand.id, photo);
    }
    // A journalist's application waiting for the staff's review (Applications, and its received mail
    // in the Outbox), made as the public form makes one.
    await applyAsMedia(app.ctx, mediaApplicationSchema.parse(DEMO_APPLICATION));
    console.log('Demo data created.');
    printCredentials(config.publicUrl, await staffEmail(db));
  } finally {
    await app.close();
  }
}

async function staffEmail(db: Db): Promise<string | null> {
  const staff = await db.query.users.findFirst({ where: eq(users.role, 'staff') });
  return staff?.email ?? null;
}

function printCredentials(url: string, staff: string | null): void {
  const staffLine = staff
    ? `Staff: ${staff} (an existing account: its password is unchanged).`
    : 'Staff: the first `npm start` creates the account, from STAFF_EMAIL and STAFF_PASSWORD when set, else with a generated password it shows once.';
  console.log(`
  Open ${url} and sign in with (password for all: ${PASSWORD}):
    brand       ${DEMO.brand}
    influencer  ${DEMO.influencer}
    journalist  ${DEMO.journalist}
    manager     ${DEMO_TEAM.manager}
    host        ${DEMO_TEAM.host}
  ${staffLine}
`);
}

main().catch((err: unknown) => {
  // The database in use by another process is the user's to fix: the words, not a stack trace.
  console.error(err instanceof DataDirInUseError ? err.message : err);
  process.exit(1);
});
