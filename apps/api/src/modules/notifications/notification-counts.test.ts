import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createUser } from '../../../test/factories';
import { jsonRows } from '../../../test/json-rows';
import type { TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { notifications } from '../../db/schema';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The kept counters (users with none left out) and the same figures counted from the notifications. */
async function countersAndTruth() {
  const q = (text: string) => jsonRows(t.ctx, text);
  return {
    kept: await q(`select user_id, total, unread from notification_counts where total <> 0 or unread <> 0 order by 1`),
    truth: await q(
      `select user_id, count(*)::int as total, (count(*) filter (where read_at is null))::int as unread
       from notifications group by 1 order by 1`,
    ),
  };
}

async function expectCountersEqualTruth() {
  const c = await countersAndTruth();
  expect(c.kept).toEqual(c.truth);
}

describe('the bell figures kept on write (notification_counts)', () => {
  it('follow inserts, reads, a move to another user, deletes, a user deleted, and the rebuild', async () => {
    const users = [
      await createUser(t.ctx, { role: 'influencer', name: 'A' }),
      await createUser(t.ctx, { role: 'journalist', name: 'B' }),
      await createUser(t.ctx, { role: 'brands', name: 'C' }),
    ];
    const read = new Date('2026-07-01T10:00:00Z');
    // One statement of several rows (some already read), then single rows.
    await t.ctx.db.insert(notifications).values(
      Array.from({ length: 9 }, (_, i) => ({
        userId: users[i % 3]!.id,
        type: 'booking_accepted',
        title: `N${i}`,
        body: 'Body',
        link: '/bookings',
        groupKey: i % 2 ? 'conversation:1' : null,
        readAt: i % 4 === 0 ? read : null,
      })),
    );
    await expectCountersEqualTruth();
    await t.ctx.db
      .insert(notifications)
      .values({ userId: users[0]!.id, type: 'task_due', title: 'T', body: 'B', link: '/tasks' });
    await expectCountersEqualTruth();
    // Marking read, one and all; marking read again changes nothing.
    await t.ctx.db.execute(
      sql`update notifications set read_at = ${read} where user_id = ${users[0]!.id} and title = 'T'`,
    );
    await expectCountersEqualTruth();
    await t.ctx.db.execute(sql`update notifications set read_at = ${read} where user_id = ${users[1]!.id}`);
    await expectCountersEqualTruth();
    await t.ctx.db.execute(sql`update notifications set read_at = ${read} where user_id = ${users[1]!.id}`);
    await expectCountersEqualTruth();
    // A column the counters do not read, then unread again, then a move to another user.
    await t.ctx.db.execute(sql`update notifications set body = 'Edited'`);
    await expectCountersEqualTruth();
    await t.ctx.db.execute(sql`update notifications set read_at = null where group_key is not null`);
    await expectCountersEqualTruth();
    await t.ctx.db.execute(sql`update notifications set user_id = ${users[2]!.id} where user_id = ${users[0]!.id}`);
    await expectCountersEqualTruth();
    // A grouped notification replaced (notify deletes the unread earlier one), then a user deleted:
    // their notifications go by the cascade.
    await t.ctx.db.execute(sql`delete from notifications where group_key is not null and read_at is null`);
    await expectCountersEqualTruth();
    await t.ctx.db.execute(sql`delete from users where id = ${users[2]!.id}`);
    await expectCountersEqualTruth();

    const before = await countersAndTruth();
    await t.ctx.db.execute(sql`select notification_counts_rebuild()`);
    expect(await countersAndTruth()).toEqual(before);
  });
});
