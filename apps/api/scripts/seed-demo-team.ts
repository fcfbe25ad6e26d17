/**
 * The demo brand's team (brand teams, issue 27): an active manager, an active host of the first
 * location, and one pending invitation, whose mail waits in the staff Outbox as inviting sends it;
 * a visit tonight at the host's location shows in the door view.
 */
import { LIMITS } from '@comped/shared/limits';
import { weekStartOf } from '@comped/shared/time';

import type { Db } from '../src/db/client';
import { bookings, brandMembers, tasks, users } from '../src/db/schema';
import { zonedToInstant } from '../src/lib/clock';
import { hashToken, newOpaqueToken } from '../src/lib/tokens';
import { newCheckInCode } from '../src/modules/bookings/visit-times';
import { queueMail } from '../src/modules/mail/mail.service';
import { memberInvitationMail } from '../src/modules/members/members.mails';

export const DEMO_TEAM = {
  manager: 'manager@demo.comped.app',
  host: 'host@demo.comped.app',
  invited: 'invited@demo.comped.app',
};

export async function seedTeamDemo(
  db: Db,
  opts: {
    brandId: number;
    brandName: string;
    ownerName: string;
    locationId: number;
    locationName: string;
    campaignId: number;
    mediaUserId: number;
    passwordHash: string;
    today: string;
    tz: string;
    now: Date;
    publicUrl: string;
  },
): Promise<void> {
  const [manager] = await db
    .insert(users)
    .values({ name: 'Marco Bianchi', email: DEMO_TEAM.manager, role: 'brands', passwordHash: opts.passwordHash })
    .returning();
  const [host] = await db
    .insert(users)
    .values({ name: 'Sam Rivera', email: DEMO_TEAM.host, role: 'brands', passwordHash: opts.passwordHash })
    .returning();
  if (!manager || !host) throw new Error('team users missing');
  const invitationToken = newOpaqueToken();
  const validDays = LIMITS.memberInvitationDays;
  await db.insert(brandMembers).values([
    {
      brandId: opts.brandId,
      userId: manager.id,
      email: DEMO_TEAM.manager,
      role: 'manager',
      expiresAt: opts.now,
      acceptedAt: opts.now,
    },
    {
      brandId: opts.brandId,
      userId: host.id,
      email: DEMO_TEAM.host,
      role: 'host',
      locationIds: [opts.locationId],
      expiresAt: opts.now,
      acceptedAt: opts.now,
    },
    // A pending invitation: its link is in the mail below (staff see it masked in the Outbox).
    {
      brandId: opts.brandId,
      email: DEMO_TEAM.invited,
      role: 'host',
      locationIds: [opts.locationId],
      tokenHash: hashToken(invitationToken),
      expiresAt: new Date(opts.now.getTime() + validDays * 86400_000),
    },
  ]);
  await queueMail(
    db,
    memberInvitationMail({
      to: DEMO_TEAM.invited,
      brandName: opts.brandName,
      ownerName: opts.ownerName,
      role: 'host',
      locationNames: [opts.locationName],
      token: invitationToken,
      validDays,
      publicUrl: opts.publicUrl,
    }),
  );
  // Tonight's visit at the host's door, accepted by the manager.
  const [visit] = await db
    .insert(bookings)
    .values({
      campaignId: opts.campaignId,
      locationId: opts.locationId,
      userId: opts.mediaUserId,
      brandId: opts.brandId,
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
  if (visit) await db.insert(tasks).values({ bookingId: visit.id, userId: opts.mediaUserId });
}
