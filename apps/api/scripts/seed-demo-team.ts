/**
 * The demo brand's team (brand teams, issue 27): an active manager, an active host of the first
 * location, and one pending invitation, whose mail waits in the staff Outbox as inviting sends it;
 * a visit tonight at the host's location shows in the door view, and the manager and the host have
 * written in its conversation.
 */
import { weekStartOf } from '@comped/shared/time';

import type { AppContext } from '../src/context';
import { bookings, brandMembers, tasks, users } from '../src/db/schema';
import { zonedToInstant } from '../src/lib/clock';
import { postBookingEvent, visitWhen } from '../src/modules/bookings/booking-notices';
import { newCheckInCode } from '../src/modules/bookings/visit-times';
import type { BrandRow } from '../src/modules/brands/brands.policy';
import { appendTextMessage } from '../src/modules/conversations/append-message';
import { openBookingConversation } from '../src/modules/conversations/open-conversation';
import { inviteMember } from '../src/modules/members/invite-member';

export const DEMO_TEAM = {
  manager: 'manager@demo.comped.app',
  host: 'host@demo.comped.app',
  invited: 'invited@demo.comped.app',
};

export async function seedTeamDemo(
  ctx: AppContext,
  opts: {
    brand: BrandRow;
    locationId: number;
    campaignId: number;
    mediaUserId: number;
    passwordHash: string;
    today: string;
    tz: string;
    now: Date;
  },
): Promise<void> {
  const { db } = ctx;
  const [manager] = await db
    .insert(users)
    .values({ name: 'Marco Bianchi', email: DEMO_TEAM.manager, role: 'brands', passwordHash: opts.passwordHash })
    .returning();
  const [host] = await db
    .insert(users)
    .values({ name: 'Sam Rivera', email: DEMO_TEAM.host, role: 'brands', passwordHash: opts.passwordHash })
    .returning();
  if (!manager || !host) throw new Error('team users missing');
  await db.insert(brandMembers).values([
    {
      brandId: opts.brand.id,
      userId: manager.id,
      email: DEMO_TEAM.manager,
      role: 'manager',
      expiresAt: opts.now,
      acceptedAt: opts.now,
    },
    {
      brandId: opts.brand.id,
      userId: host.id,
      email: DEMO_TEAM.host,
      role: 'host',
      locationIds: [opts.locationId],
      expiresAt: opts.now,
      acceptedAt: opts.now,
    },
  ]);
  // A pending invitation, made as the owner makes one: its mail waits in the staff Outbox.
  await inviteMember(ctx, opts.brand, {
    email: DEMO_TEAM.invited,
    role: 'host',
    location_ids: [opts.locationId],
  });
  // Tonight's visit at the host's door, accepted by the manager.
  const [visit] = await db
    .insert(bookings)
    .values({
      campaignId: opts.campaignId,
      locationId: opts.locationId,
      userId: opts.mediaUserId,
      brandId: opts.brand.id,
      status: 'accepted',
      bookingDate: opts.today,
      bookingTime: '20:00',
      weekStart: weekStartOf(opts.today),
      visitAt: zonedToInstant(opts.today, '20:00', opts.tz),
      guests: 2,
      checkInCode: newCheckInCode(),
      decidedBy: manager.id,
    })
    .returning();
  if (!visit) throw new Error('the door visit is missing');
  await db.insert(tasks).values({ bookingId: visit.id, userId: opts.mediaUserId });
  // Its conversation, answered by two of the team: the owner's thread says who wrote what.
  await db.transaction(async (tx) => {
    const conversation = await openBookingConversation(tx, visit);
    await postBookingEvent(tx, ctx, visit, 'requested', visitWhen(visit));
    await postBookingEvent(tx, ctx, visit, 'accepted', visitWhen(visit));
    await appendTextMessage(tx, ctx, conversation, { id: manager.id, name: manager.name }, MANAGER_NOTE);
    await appendTextMessage(tx, ctx, conversation, { id: host.id, name: host.name }, HOST_NOTE);
  });
}

const MANAGER_NOTE = "Hi, I'm Marco, the manager. Your table for two is set for 8 PM tonight.";
const HOST_NOTE = "I'll be at the door tonight: show me your visit pass when you arrive.";
