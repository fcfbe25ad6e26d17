import fs from 'node:fs';
import path from 'node:path';

import { MSG } from '@comped/shared/messages';
import type { BookingResource } from '@comped/shared/schemas/resources';
import { VISIT_RULES } from '@comped/shared/visit-rules';
import { and, eq, like } from 'drizzle-orm';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { TestBrand, TestUser } from '../../../test/factories';
import { createBrandOwner, createUser } from '../../../test/factories';
import type { TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { bookings, mailOutbox, tasks } from '../../db/schema';
import { JobQueue } from '../../jobs/queue';
import { ALL_WEEK, insertCampaign, insertLocation } from './bookings.fixtures';
import { REMINDER_JOB } from './reminder-schedule';
import { sendReminder } from './send-reminder';

// Monday 2026-06-01 12:00 UTC (08:00 in New York, 05:00 in Los Angeles).
const NOW = new Date('2026-06-01T12:00:00Z');
const HOUR = 3600_000;

let t: TestApp;
let brand: TestBrand;
let otherBrand: TestBrand;
let staff: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.freeze(NOW);
  brand = await createBrandOwner(t.ctx, { name: 'Bistro Uno' });
  otherBrand = await createBrandOwner(t.ctx, { name: 'Other Place' });
  staff = await createUser(t.ctx, { role: 'staff' });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  t.clock.freeze(NOW);
});

const at = (ms: number) => t.clock.freeze(new Date(ms));

/** An influencer's accepted visit on Thursday 2026-06-04 at `time` in the location's zone. */
async function acceptedVisit(opts: { timeZone?: string; time?: string; user?: TestUser } = {}) {
  const user = opts.user ?? (await createUser(t.ctx, { role: 'influencer', name: 'Ann Visitor' }));
  const location = await insertLocation(t.ctx, brand.brandId, {
    timeZone: opts.timeZone ?? 'America/New_York',
    hours: ALL_WEEK.map((h) => ({ ...h, end_time: '22:00' })),
  });
  const campaign = await insertCampaign(t.ctx, brand.brandId, [location.id]);
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/v1/bookings',
    headers: user.headers,
    payload: {
      campaign_id: campaign.id,
      location_id: location.id,
      booking_date: '2026-06-04',
      booking_time: opts.time ?? '10:00',
      guests: 2,
    },
  });
  expect(made.statusCode).toBe(201);
  const id = (made.json() as { data: BookingResource }).data.id;
  const accepted = await answer(id, 'accepted');
  expect(accepted.statusCode).toBe(200);
  const [row] = await t.ctx.db.select().from(bookings).where(eq(bookings.id, id));
  return { user, id, row: row!, location, campaign };
}

function answer(bookingId: number, status: string, owner: TestBrand = brand) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/brands/${owner.brandId}/bookings/${bookingId}`,
    headers: owner.headers,
    payload: { status },
  });
}

function checkIn(bookingId: number, code: string, owner: TestBrand = brand) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/brands/${owner.brandId}/bookings/${bookingId}/checkin`,
    headers: owner.headers,
    payload: { code },
  });
}

async function mediaBooking(user: TestUser, id: number): Promise<BookingResource> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/influencers/${user.id}/bookings?page[size]=50`,
    headers: user.headers,
  });
  const found = (res.json() as { data: BookingResource[] }).data.find((b) => b.id === id);
  if (!found) throw new Error(`booking ${id} not listed`);
  return found;
}

async function brandBooking(id: number, query = ''): Promise<BookingResource> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/brands/${brand.brandId}/bookings?page[size]=50${query}`,
    headers: brand.headers,
  });
  const found = (res.json() as { data: BookingResource[] }).data.find((b) => b.id === id);
  if (!found) throw new Error(`booking ${id} not listed`);
  return found;
}

async function mailsTo(email: string) {
  return t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(mailOutbox.id);
}

const wrong = (code: string) => (code[0] === 'A' ? 'C' : 'A') + code.slice(1);

describe('check-in code', () => {
  it('is made on accept from the alphabet without look-alikes, shown to the media user and mailed with its QR', async () => {
    const v = await acceptedVisit();
    const code = v.row.checkInCode!;
    expect(code).toMatch(new RegExp(`^[${VISIT_RULES.codeAlphabet}]{6}$`));
    expect(code).not.toMatch(/[0O1IL2Z5S8B]/);
    expect((await mediaBooking(v.user, v.id)).check_in_code).toBe(code);
    expect((await brandBooking(v.id)).check_in_code).toBeNull();
    const [accept] = (await mailsTo(v.user.email)).filter((m) => m.subject.includes('confirmed'));
    expect(accept!.text).toContain(`Your check-in code is ${code}`);
    expect(accept!.attachments.map((a) => a.filename)).toEqual(['visit.ics', 'check-in-code.png']);
    // A PNG (Gmail and desktop Outlook show no SVG), inline: the HTML shows it by its content id.
    const qr = accept!.attachments[1]!;
    expect(qr).toMatchObject({ contentType: 'image/png', encoding: 'base64', cid: expect.any(String) });
    expect(await qrText(Buffer.from(qr.content, 'base64'))).toBe(code);
    expect(accept!.html).toContain(`<img src="cid:${qr.cid}" alt="QR code of check-in code ${code}"`);

    // As delivered: an inline image part with that Content-ID, next to the HTML, decoding to the code.
    await t.ctx.jobs.runDue();
    const eml = fs.readFileSync(path.join(t.config.mailDir, `${String(accept!.id).padStart(6, '0')}.eml`), 'utf8');
    const part = mimePart(eml, `Content-ID: <${qr.cid}>`);
    expect(part.headers).toMatch(/^Content-Type: image\/png; name=check-in-code\.png$/m);
    expect(part.headers).toMatch(/^Content-Disposition: inline; filename=check-in-code\.png$/m);
    expect(part.headers).toMatch(/^Content-Transfer-Encoding: base64$/m);
    expect(eml).toMatch(/Content-Type: multipart\/related/);
    expect(await qrText(Buffer.from(part.body, 'base64'))).toBe(code);
  });

  it('is masked in the staff Outbox like a password, and in the stored mail once sent (issue 24)', async () => {
    const v = await acceptedVisit();
    const code = v.row.checkInCode!;
    const outbox = async () =>
      (
        (await t.app.inject({ url: '/api/v1/admin/outbox?page[size]=50', headers: staff.headers })).json() as {
          data: { to: string; subject: string; text: string; status: string }[];
        }
      ).data.filter((m) => m.to === v.user.email);
    // The accept mail while queued, then the 24-hour reminder once it is due.
    at(v.row.visitAt.getTime() - 24 * HOUR + 60_000);
    await t.ctx.jobs.runDue();
    const shown = await outbox();
    expect(shown.map((m) => m.subject)).toEqual(
      expect.arrayContaining([expect.stringContaining('is confirmed'), expect.stringContaining('Reminder')]),
    );
    for (const m of shown.filter((x) => /confirmed|Reminder/.test(x.subject))) {
      expect(m.text, m.subject).not.toContain(code);
      expect(m.text, m.subject).toContain('••••••••');
    }
    await t.ctx.jobs.runDue();
    for (const row of await mailsTo(v.user.email)) {
      if (row.status !== 'sent') continue;
      expect(`${row.text} ${row.html}`, row.subject).not.toContain(code);
    }
    expect((await mailsTo(v.user.email)).filter((r) => r.status === 'sent').length).toBeGreaterThanOrEqual(2);
  });
});

/** The text a QR image holds, read by jsQR (the reader the web app's scanner falls back to). */
async function qrText(png: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

/** One MIME part of a delivered message, found by one of its header lines: its headers and body. */
function mimePart(eml: string, headerLine: string): { headers: string; body: string } {
  const lines = eml.split(/\r?\n/);
  const at = lines.indexOf(headerLine);
  if (at < 0) throw new Error(`no part with ${headerLine}`);
  let start = at;
  while (start > 0 && lines[start - 1] !== '' && !lines[start - 1]!.startsWith('--')) start--;
  const blank = lines.indexOf('', at);
  let end = blank + 1;
  while (end < lines.length && !lines[end]!.startsWith('--')) end++;
  return { headers: lines.slice(start, blank).join('\n'), body: lines.slice(blank + 1, end).join('') };
}

describe('check-in', () => {
  it('opens 2 hours before and closes 12 hours after the visit, in the location zone (New York)', async () => {
    const v = await acceptedVisit({ time: '19:00' });
    const visit = Date.parse('2026-06-04T23:00:00Z'); // 19:00 EDT
    expect(v.row.visitAt.getTime()).toBe(visit);
    at(visit - 2 * HOUR - 60_000);
    const early = await checkIn(v.id, v.row.checkInCode!);
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.code).toEqual(['Check-in opens at 5:00 PM on Thu, Jun 4, 2 hours before the visit.']);
    expect(early.json().code).toBe('check_in_not_open');
    at(visit + 12 * HOUR + 60_000);
    const late = await checkIn(v.id, v.row.checkInCode!);
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe('Check-in closed at 7:00 AM on Fri, Jun 5, 12 hours after the visit.');
    at(visit + 12 * HOUR);
    const edge = await checkIn(v.id, v.row.checkInCode!.toLowerCase());
    expect(edge.statusCode).toBe(200);
    expect(edge.json().data.checked_in_at).toBe(new Date(visit + 12 * HOUR).toISOString());
  });

  it('uses the location zone: the same 7:00 PM in Los Angeles opens three hours later', async () => {
    const v = await acceptedVisit({ timeZone: 'America/Los_Angeles', time: '19:00' });
    const visit = Date.parse('2026-06-05T02:00:00Z'); // 19:00 PDT
    expect(v.row.visitAt.getTime()).toBe(visit);
    at(Date.parse('2026-06-04T21:00:00Z')); // 5:00 PM in New York, 2:00 PM in Los Angeles
    const early = await checkIn(v.id, v.row.checkInCode!);
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe('Check-in opens at 5:00 PM on Thu, Jun 4, 2 hours before the visit.');
    at(visit - 2 * HOUR);
    const open = await checkIn(v.id, ` ${v.row.checkInCode!.slice(0, 3)}-${v.row.checkInCode!.slice(3)} `);
    expect(open.statusCode).toBe(200);
    expect(open.json().data.checked_in_at).toBe(new Date(visit - 2 * HOUR).toISOString());
    // Both sides see it; a second check-in is refused.
    expect((await mediaBooking(v.user, v.id)).checked_in_at).toBe(new Date(visit - 2 * HOUR).toISOString());
    const again = await checkIn(v.id, v.row.checkInCode!);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.visitAlreadyCheckedIn);
  });

  it('answers a wrong code with 422 on code and locks for 15 minutes after five', async () => {
    const v = await acceptedVisit();
    const code = v.row.checkInCode!;
    at(v.row.visitAt.getTime());
    for (let i = 0; i < 5; i++) {
      const res = await checkIn(v.id, wrong(code));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'wrong_check_in_code', errors: { code: [MSG.checkInCodeWrong] } });
    }
    const locked = await checkIn(v.id, code);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('check_in_locked');
    expect(locked.headers['retry-after']).toBe(String(15 * 60));
    expect(locked.json().message).toBe(
      'Too many wrong codes. Check-in for this booking is locked until 10:15 AM on Thu, Jun 4.',
    );
    at(v.row.visitAt.getTime() + 15 * 60_000 - 1000);
    expect((await checkIn(v.id, code)).statusCode).toBe(429);
    at(v.row.visitAt.getTime() + 15 * 60_000);
    const ok = await checkIn(v.id, code);
    expect(ok.statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(bookings).where(eq(bookings.id, v.id));
    expect(row!.checkInFailures).toBe(0);
  });

  it('refuses another brand, a pending booking and a missing code', async () => {
    const v = await acceptedVisit();
    at(v.row.visitAt.getTime());
    expect((await checkIn(v.id, v.row.checkInCode!, otherBrand)).statusCode).toBe(403);
    const other = await t.app.inject({
      method: 'POST',
      url: `/api/v1/brands/${brand.brandId}/bookings/${v.id}/checkin`,
      headers: otherBrand.headers,
      payload: { code: v.row.checkInCode },
    });
    expect(other.statusCode).toBe(403);
    const empty = await checkIn(v.id, '  ');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.code).toEqual([MSG.checkInCodeRequired]);
    const media = await t.app.inject({
      method: 'POST',
      url: `/api/v1/brands/${brand.brandId}/bookings/${v.id}/checkin`,
      headers: v.user.headers,
      payload: { code: v.row.checkInCode },
    });
    expect(media.statusCode).toBe(403);
  });
});

describe('no-show and dispute', () => {
  it('is offered only from 2 hours after the visit, closes the task, mails and withdraws the invitation', async () => {
    const v = await acceptedVisit();
    const visit = v.row.visitAt.getTime();
    at(visit + 2 * HOUR - 60_000);
    expect((await brandBooking(v.id)).can_mark_no_show).toBe(false);
    const early = await answer(v.id, 'no_show');
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe(
      'A visit can be marked as a no-show from 12:00 PM on Thu, Jun 4, 2 hours after the visit time.',
    );
    at(visit + 2 * HOUR);
    expect((await brandBooking(v.id)).can_mark_no_show).toBe(true);
    const res = await answer(v.id, 'no_show');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('no_show');
    const past = await brandBooking(v.id, '&filter[status]=finished,declined,cancelled,no_show');
    expect(past.status).toBe('no_show');
    const [task] = await t.ctx.db.select().from(tasks).where(eq(tasks.bookingId, v.id));
    expect(task!.closedAt).not.toBeNull();
    const open = await t.app.inject({
      method: 'GET',
      url: `/api/v1/influencers/${v.user.id}/tasks?filter[completed]=0`,
      headers: v.user.headers,
    });
    expect((open.json() as { data: { id: number }[] }).data.map((x) => x.id)).not.toContain(task!.id);
    const mails = await mailsTo(v.user.email);
    expect(mails.some((m) => m.subject === 'Your visit to Bistro Uno was marked as a no-show')).toBe(true);
    const cancel = mails.find((m) => m.subject.startsWith('Calendar update'))!;
    const invite = mails.find((m) => m.subject.includes('confirmed'))!;
    const uid = /UID:(.+)\r\n/.exec(invite.attachments[0]!.content)![1];
    expect(cancel.attachments[0]!.content).toContain('METHOD:CANCEL');
    expect(cancel.attachments[0]!.content).toContain(`UID:${uid}`);
    expect(cancel.attachments[0]!.content).toContain('SEQUENCE:1');
    expect(invite.attachments[0]!.content).toContain('SEQUENCE:0');
  });

  it('is refused for a checked-in visit', async () => {
    const v = await acceptedVisit();
    at(v.row.visitAt.getTime());
    expect((await checkIn(v.id, v.row.checkInCode!)).statusCode).toBe(200);
    at(v.row.visitAt.getTime() + 3 * HOUR);
    expect((await brandBooking(v.id)).can_mark_no_show).toBe(false);
    const res = await answer(v.id, 'no_show');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MSG.noShowCheckedIn);
  });

  it('may be disputed once within 48 hours, and staff settle it', async () => {
    const v = await acceptedVisit();
    const noShowAt = v.row.visitAt.getTime() + 3 * HOUR;
    at(noShowAt);
    expect((await answer(v.id, 'no_show')).statusCode).toBe(200);
    expect((await mediaBooking(v.user, v.id)).can_dispute).toBe(true);
    const dispute = (note: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/influencers/${v.user.id}/bookings/${v.id}/dispute`,
        headers: v.user.headers,
        payload: { note },
      });
    at(noShowAt + 48 * HOUR);
    expect((await dispute('  ')).json().errors.note).toEqual([MSG.disputeNoteRequired]);
    const ok = await dispute('I was there at 10, the host was Maria.');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.dispute).toMatchObject({ note: 'I was there at 10, the host was Maria.', outcome: null });
    expect((await dispute('again')).statusCode).toBe(409);

    const list = await t.app.inject({ method: 'GET', url: '/api/v1/admin/disputes', headers: staff.headers });
    expect(list.statusCode).toBe(200);
    expect((list.json() as { data: BookingResource[] }).data.map((b) => b.id)).toContain(v.id);
    const brandTry = await t.app.inject({ method: 'GET', url: '/api/v1/admin/disputes', headers: brand.headers });
    expect(brandTry.statusCode).toBe(403);

    const settle = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/disputes/${v.id}/settle`,
      headers: staff.headers,
      payload: { outcome: 'finished' },
    });
    expect(settle.statusCode).toBe(200);
    expect(settle.json().data.status).toBe('finished');
    const [task] = await t.ctx.db.select().from(tasks).where(eq(tasks.bookingId, v.id));
    expect(task!.closedAt).toBeNull();
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/disputes/${v.id}/settle`,
      headers: staff.headers,
      payload: { outcome: 'no_show' },
    });
    expect(twice.statusCode).toBe(409);
    expect((await mailsTo(v.user.email)).some((m) => m.subject.includes('dispute for Bistro Uno is settled'))).toBe(
      true,
    );
  });

  it('cannot be disputed after 48 hours; a stood no-show keeps its status', async () => {
    const v = await acceptedVisit();
    const noShowAt = v.row.visitAt.getTime() + 2 * HOUR;
    at(noShowAt);
    expect((await answer(v.id, 'no_show')).statusCode).toBe(200);
    at(noShowAt + 48 * HOUR + 1000);
    expect((await mediaBooking(v.user, v.id)).can_dispute).toBe(false);
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/v1/influencers/${v.user.id}/bookings/${v.id}/dispute`,
      headers: v.user.headers,
      payload: { note: 'I was there' },
    });
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe(MSG.disputeWindowClosed);
  });
});

describe('no-show rules that hold against the brand and the guest (issue 24)', () => {
  function settle(bookingId: number, outcome: 'finished' | 'no_show') {
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/disputes/${bookingId}/settle`,
      headers: staff.headers,
      payload: { outcome },
    });
  }

  it('a dispute staff settled as finished is final: the brand cannot mark the no-show again', async () => {
    const v = await acceptedVisit();
    at(v.row.visitAt.getTime() + 3 * HOUR);
    expect((await answer(v.id, 'no_show')).statusCode).toBe(200);
    const disputed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/influencers/${v.user.id}/bookings/${v.id}/dispute`,
      headers: v.user.headers,
      payload: { note: 'I was there, ask Maria.' },
    });
    expect(disputed.statusCode).toBe(200);
    expect((await settle(v.id, 'finished')).statusCode).toBe(200);

    at(v.row.visitAt.getTime() + 4 * HOUR);
    expect((await brandBooking(v.id)).can_mark_no_show).toBe(false);
    const again = await answer(v.id, 'no_show');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'visit_settled', message: MSG.noShowSettled });
    // The ruling stands where everyone reads it: the booking, the staff's settled list, the guest's card.
    const [row] = await t.ctx.db.select().from(bookings).where(eq(bookings.id, v.id));
    expect(row).toMatchObject({ status: 'finished', disputeOutcome: 'finished' });
    expect(row!.disputeSettledAt).not.toBeNull();
    const settled = await t.app.inject({
      url: '/api/v1/admin/disputes?filter[status]=settled',
      headers: staff.headers,
    });
    expect((settled.json() as { data: BookingResource[] }).data.map((b) => b.id)).toContain(v.id);
    expect((await mediaBooking(v.user, v.id)).status).toBe('finished');
  });

  it('a task completed without check-in does not shield the visit from a no-show', async () => {
    const v = await acceptedVisit();
    const [task] = await t.ctx.db.select().from(tasks).where(eq(tasks.bookingId, v.id));
    // One hour after the visit time, before a no-show may be marked: the guest never came.
    at(v.row.visitAt.getTime() + HOUR);
    const done = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/influencers/${v.user.id}/tasks/${task!.id}`,
      headers: v.user.headers,
      payload: { posts: '[]', completed: 1, geolocalized: 1, hashtagged: 1, posted: 1, tagged: 1, rating: 5 },
    });
    expect(done.statusCode).toBe(200);
    at(v.row.visitAt.getTime() + 2 * HOUR);
    expect((await brandBooking(v.id)).can_mark_no_show).toBe(true);
    const res = await answer(v.id, 'no_show');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('no_show');
    // It counts against the guest: the no-show is decided, the completed task does not offset it.
    expect((await mediaBooking(v.user, v.id)).can_dispute).toBe(true);
    expect((await brandBooking(v.id)).reliability).toEqual({ percent: 0, visits: 1 });
  });

  it('closes 7 days after the visit, when the task falls due', async () => {
    const v = await acceptedVisit();
    at(v.row.visitAt.getTime() + 7 * 24 * HOUR + 1000);
    expect((await brandBooking(v.id)).can_mark_no_show).toBe(false);
    const late = await answer(v.id, 'no_show');
    expect(late.statusCode).toBe(422);
    expect(late.json()).toMatchObject({
      code: 'no_show_window_closed',
      message: 'A visit can be marked as a no-show until 10:00 AM on Thu, Jun 11, 7 days after the visit time.',
    });
  });
});

describe('cancelling invitations', () => {
  it('a cancelled accepted visit sends METHOD:CANCEL with the same UID and a higher SEQUENCE', async () => {
    const v = await acceptedVisit();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/influencers/${v.user.id}/bookings/${v.id}`,
      headers: v.user.headers,
      payload: { status: 'cancelled' },
    });
    expect(res.statusCode).toBe(200);
    const mails = await mailsTo(v.user.email);
    const invite = mails.find((m) => m.subject.includes('confirmed'))!.attachments[0]!.content;
    const cancel = mails.find((m) => m.subject.startsWith('Calendar update'))!.attachments[0]!;
    expect(cancel.contentType).toBe('text/calendar; method=CANCEL');
    expect(cancel.content).toContain('STATUS:CANCELLED');
    expect(cancel.content).toContain(`UID:booking-${v.id}@comped.app`);
    expect(invite).toContain(`UID:booking-${v.id}@comped.app`);
    expect(cancel.content).toContain('SEQUENCE:1');
  });

  it('a declined request never had an invitation and sends none', async () => {
    const user = await createUser(t.ctx, { role: 'influencer' });
    const location = await insertLocation(t.ctx, brand.brandId);
    const campaign = await insertCampaign(t.ctx, brand.brandId, [location.id]);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/bookings',
      headers: user.headers,
      payload: {
        campaign_id: campaign.id,
        location_id: location.id,
        booking_date: '2026-06-04',
        booking_time: '10:00',
        guests: 1,
      },
    });
    expect((await answer(made.json().data.id, 'declined')).statusCode).toBe(200);
    expect((await mailsTo(user.email)).filter((m) => m.subject.startsWith('Calendar update'))).toHaveLength(0);
  });
});

describe('reminders', () => {
  async function reminderMails(email: string) {
    return t.ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), like(mailOutbox.subject, 'Reminder%')));
  }

  it('mails 24 hours and 2 hours before, each once, with the address, time, code and invitation', async () => {
    const v = await acceptedVisit();
    const visit = v.row.visitAt.getTime();
    at(visit - 24 * HOUR - 60_000);
    await t.ctx.jobs.runDue();
    expect(await reminderMails(v.user.email)).toHaveLength(0);
    at(visit - 24 * HOUR);
    // Two nodes poll at once: the singleton job runs once.
    const second = new JobQueue(t.ctx.db, t.clock, t.app.log);
    second.register(REMINDER_JOB, async (p) => {
      await sendReminder(t.ctx, Number(p.bookingId), p.kind as 'visit-24h');
    });
    await Promise.all([t.ctx.jobs.runDue(), second.runDue()]);
    // The next poll delivers the mail the reminder queued, whichever node ran the reminder (the
    // second queue delivers no mail, and on PostgreSQL it may well be the one that took the job).
    await t.ctx.jobs.runDue();
    let mails = await reminderMails(v.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Reminder: your visit to Bistro Uno is tomorrow');
    expect(mails[0]!.text).toContain('12 Harbor St, New York, NY');
    expect(mails[0]!.text).toContain('10:00 AM');
    // Sent: the stored copy has the code masked, the delivered one (.eml) carries it.
    expect(mails[0]!.text).toContain('Your check-in code is ••••••••.');
    const delivered = fs
      .readdirSync(t.config.mailDir)
      .map((f) => fs.readFileSync(path.join(t.config.mailDir, f), 'utf8'))
      .find((eml) => eml.includes(`To: ${v.user.email}`) && eml.includes('is tomorrow'));
    expect(delivered).toContain(`Your check-in code is ${v.row.checkInCode!}`);
    expect(mails[0]!.attachments[0]!.content).toContain(`UID:booking-${v.id}@comped.app`);
    expect(mails[0]!.attachments[1]).toMatchObject({ contentType: 'image/png', cid: 'check-in-code@comped.app' });
    expect(mails[0]!.html).toContain('<img src="cid:check-in-code@comped.app"');
    // A job run again after a crash (or a restart) finds the ledger and sends nothing.
    expect(await sendReminder(t.ctx, v.id, 'visit-24h')).toBe(false);
    at(visit - 2 * HOUR);
    await t.ctx.jobs.runDue();
    await t.ctx.jobs.runDue();
    mails = await reminderMails(v.user.email);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Reminder: your visit to Bistro Uno is in 2 hours',
      'Reminder: your visit to Bistro Uno is tomorrow',
    ]);
  });

  it('sends nothing for a booking cancelled in between', async () => {
    const v = await acceptedVisit();
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/influencers/${v.user.id}/bookings/${v.id}`,
      headers: v.user.headers,
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode).toBe(200);
    at(v.row.visitAt.getTime() - 2 * HOUR);
    await t.ctx.jobs.runDue();
    expect(await reminderMails(v.user.email)).toHaveLength(0);
  });

  it('reminds of an open task on days 3 and 6; overdue from day 7 on both sides', async () => {
    const v = await acceptedVisit();
    const visit = v.row.visitAt.getTime();
    const taskMails = async () =>
      (await mailsTo(v.user.email)).filter((m) => m.subject === 'Your visit report for Bistro Uno is due soon');
    at(visit + 3 * 24 * HOUR);
    await t.ctx.jobs.runDue();
    expect(await taskMails()).toHaveLength(1);
    expect((await taskMails())[0]!.text).toContain('due in 4 days');
    at(visit + 6 * 24 * HOUR);
    await t.ctx.jobs.runDue();
    await t.ctx.jobs.runDue();
    expect(await taskMails()).toHaveLength(2);
    expect((await brandBooking(v.id)).task!.overdue).toBe(false);
    at(visit + 7 * 24 * HOUR + 1000);
    expect((await brandBooking(v.id)).task).toMatchObject({ overdue: true, completed: false });
    expect((await mediaBooking(v.user, v.id)).task!.overdue).toBe(true);
  });

  it('sends no task reminder once the task is done', async () => {
    const v = await acceptedVisit();
    await t.ctx.db
      .update(tasks)
      .set({ completed: true, completedAt: new Date(v.row.visitAt.getTime() + HOUR) })
      .where(eq(tasks.bookingId, v.id));
    at(v.row.visitAt.getTime() + 6 * 24 * HOUR);
    await t.ctx.jobs.runDue();
    expect(
      (await mailsTo(v.user.email)).filter((m) => m.subject.startsWith('Your visit report')).map((m) => m.subject),
    ).toEqual([]);
  });
});
