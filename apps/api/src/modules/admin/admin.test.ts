import fs from 'node:fs';

import { MSG } from '@comped/shared/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createBrandOwner, createUser, type TestUser, uniqueEmail } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  accessTokens,
  analyticsEvents,
  mailOutbox,
  mediaApplications,
  rateLimitCounters,
  users,
} from '../../db/schema';
import { JobQueue } from '../../jobs/queue';
import { PASSWORD_RESET_JOB, sendPasswordReset } from '../auth/reset-password';

let t: TestApp;
let staff: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  staff = await createUser(t.ctx, { role: 'staff' });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  t.clock.set(null);
  await t.ctx.db.delete(rateLimitCounters);
});

const TIER_MSG = 'The tier must be between 1 and 4.';

function req(method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string> = {}, payload?: object) {
  return t.app.inject({ method, url: `/api/v1/${url}`, headers, payload });
}

async function apply(over: Record<string, unknown> = {}): Promise<{ id: number; email: string }> {
  const email = uniqueEmail('applicant');
  const res = await req(
    'POST',
    'influencers',
    {},
    {
      name: 'Jo Writer',
      email,
      type: 'journalist',
      instagram: 'jo.writes',
      twitter: 'jo_tw',
      workplace: 'City Eats',
      press1: 'https://cityeats.test/a',
      press2: 'https://cityeats.test/b',
      ...over,
    },
  );
  expect(res.statusCode).toBe(201);
  return { id: res.json().data.id, email };
}

async function lastMailTo(email: string) {
  const rows = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  return rows.at(-1);
}

describe('who may call the staff API', () => {
  const endpoints: [string, string, object | undefined][] = [
    ['GET', 'admin/applications', undefined],
    ['POST', 'admin/applications/1/approve', { tier: 1 }],
    ['POST', 'admin/applications/1/reject', { reason: 'No' }],
    ['GET', 'admin/outbox', undefined],
    ['GET', 'admin/analytics?from=2026-01-01&to=2026-01-02', undefined],
  ];

  it.each(endpoints)(
    '%s %s: 401 without a token or with a revoked one, 403 for other roles',
    async (method, url, body) => {
      const m = method as 'GET' | 'POST';
      expect((await req(m, url, {}, body)).statusCode).toBe(401);
      const brand = await createBrandOwner(t.ctx);
      const media = await createUser(t.ctx, { role: 'influencer' });
      const journalist = await createUser(t.ctx, { role: 'journalist' });
      for (const u of [brand, media, journalist]) {
        const res = await req(m, url, u.headers, body);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: MSG.forbidden, code: 'forbidden' });
      }
      const revoked = await createUser(t.ctx, { role: 'staff' });
      await t.ctx.db.update(accessTokens).set({ revokedAt: new Date() }).where(eq(accessTokens.userId, revoked.id));
      expect((await req(m, url, revoked.headers, body)).statusCode).toBe(401);
    },
  );
});

describe('GET admin/applications', () => {
  it('lists by status, paged, pending oldest first', async () => {
    const a = await apply();
    const b = await apply({ type: 'influencer' });
    const res = await req('GET', 'admin/applications?page[size]=50', staff.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const ids = body.data.map((x: { id: number }) => x.id);
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));
    expect(body.data.find((x: { id: number }) => x.id === a.id)).toMatchObject({
      name: 'Jo Writer',
      email: a.email,
      type: 'journalist',
      instagram: 'jo.writes',
      workplace: 'City Eats',
      press1: 'https://cityeats.test/a',
      status: 'pending',
      tier: null,
    });
    expect(body.meta).toMatchObject({ current_page: 1, per_page: 50, total: ids.length, last_page: 1 });

    const page = await req(
      'GET',
      'admin/applications?filter[status]=pending&page[size]=1&page[number]=2',
      staff.headers,
    );
    expect(page.json().data).toHaveLength(1);
    expect(page.json().meta).toMatchObject({ current_page: 2, per_page: 1, last_page: ids.length });
    // Past the last page: no rows, and the total still comes with it.
    const past = await req(
      'GET',
      `admin/applications?filter[status]=pending&page[size]=1&page[number]=${ids.length + 1}`,
      staff.headers,
    );
    expect(past.json()).toMatchObject({ data: [], meta: { current_page: ids.length + 1, total: ids.length } });

    await req('POST', `admin/applications/${a.id}/approve`, staff.headers, { tier: 2 });
    const approved = await req('GET', 'admin/applications?filter[status]=approved', staff.headers);
    expect(approved.json().data.map((x: { id: number }) => x.id)).toContain(a.id);
    const pending = await req('GET', 'admin/applications?filter[status]=pending&page[size]=50', staff.headers);
    expect(pending.json().data.map((x: { id: number }) => x.id)).not.toContain(a.id);
  });

  it('rejects an unknown status filter and a page size over 50', async () => {
    const bad = await req('GET', 'admin/applications?filter[status]=maybe', staff.headers);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['filter[status]']);
    expect((await req('GET', 'admin/applications?page[size]=51', staff.headers)).statusCode).toBe(422);
  });
});

describe('POST admin/applications/{id}/approve', () => {
  it('creates the account, mails the credentials, and the user must change the password at first sign-in', async () => {
    const a = await apply();
    const res = await req('POST', `admin/applications/${a.id}/approve`, staff.headers, { tier: 3 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: a.id, status: 'approved', tier: 3, user_id: expect.any(Number) });

    const user = await t.ctx.db.query.users.findFirst({ where: eq(users.email, a.email) });
    expect(user).toMatchObject({
      name: 'Jo Writer',
      role: 'journalist',
      tier: 3,
      instagram: 'jo.writes',
      twitter: 'jo_tw',
      workplace: 'City Eats',
      pressPlaces: ['https://cityeats.test/a', 'https://cityeats.test/b'],
      mustChangePassword: true,
      passwordHash: null,
    });

    const mail = await lastMailTo(a.email);
    expect(mail?.subject).toBe('Welcome to Comped: your login credentials');
    expect(mail?.text).toContain(`Email: ${a.email}`);
    expect(mail?.text).toContain(`${t.config.publicUrl}/login`);
    const password = /Password: (\S+)/.exec(mail!.text)?.[1] ?? '';
    expect(password).toHaveLength(16);

    await t.ctx.jobs.runDue();
    const eml = fs
      .readdirSync(t.config.mailDir)
      .map((f) => fs.readFileSync(`${t.config.mailDir}/${f}`, 'utf8'))
      .find((f) => f.includes(`To: ${a.email}`) && f.includes('login credentials'));
    expect(eml).toBeDefined();
    expect((await lastMailTo(a.email))?.status).toBe('sent');

    const login = await req('POST', 'login', {}, { email: a.email, password });
    expect(login.statusCode).toBe(200);
    const session = login.json();
    expect(session.user).toMatchObject({
      must_change_password: true,
      profile: { type: 'journalist', tier_range: 3, workplace: 'City Eats' },
    });
    const token = { authorization: `Bearer ${session.access_token}` };
    const blocked = await req('GET', 'admin/outbox', token);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe(MSG.passwordChangeRequired);
    const changed = await req('PUT', 'profile', token, { password: 'my-pass-1', password_confirmation: 'my-pass-1' });
    expect(changed.json().data.must_change_password).toBe(false);
    // Single use.
    expect((await req('POST', 'login', {}, { email: a.email, password })).statusCode).toBe(422);
    expect((await req('POST', 'login', {}, { email: a.email, password: 'my-pass-1' })).statusCode).toBe(200);
  });

  it('initial password expires after 7 days', async () => {
    t.clock.freeze(new Date('2026-06-01T09:00:00Z'));
    const a = await apply({ type: 'influencer' });
    await req('POST', `admin/applications/${a.id}/approve`, staff.headers, { tier: 1 });
    const password = /Password: (\S+)/.exec((await lastMailTo(a.email))!.text)?.[1] ?? '';
    t.clock.freeze(new Date('2026-06-08T09:00:01Z'));
    expect((await req('POST', 'login', {}, { email: a.email, password })).statusCode).toBe(422);
    t.clock.freeze(new Date('2026-06-08T08:59:00Z'));
    expect((await req('POST', 'login', {}, { email: a.email, password })).statusCode).toBe(200);
  });

  it('validates the tier', async () => {
    const a = await apply();
    for (const [body, message] of [
      [{}, MSG.required],
      [{ tier: 0 }, TIER_MSG],
      [{ tier: 5 }, TIER_MSG],
      [{ tier: 2.5 }, TIER_MSG],
    ] as const) {
      const res = await req('POST', `admin/applications/${a.id}/approve`, staff.headers, body);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ tier: [message] });
    }
  });

  it('refuses a second review (approve twice, reject after approve) and unknown ids', async () => {
    const a = await apply();
    expect((await req('POST', `admin/applications/${a.id}/approve`, staff.headers, { tier: 1 })).statusCode).toBe(200);
    const twice = await req('POST', `admin/applications/${a.id}/approve`, staff.headers, { tier: 2 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: MSG.applicationAlreadyReviewed, code: 'application_already_reviewed' });
    const reject = await req('POST', `admin/applications/${a.id}/reject`, staff.headers, { reason: 'Late' });
    expect(reject.statusCode).toBe(409);
    const accounts = await t.ctx.db.select().from(users).where(eq(users.email, a.email));
    expect(accounts).toHaveLength(1);
    expect((await req('POST', 'admin/applications/999999/approve', staff.headers, { tier: 1 })).statusCode).toBe(404);
    // A path id that is not a row id names nothing (issue 11): 404.
    expect((await req('POST', 'admin/applications/abc/approve', staff.headers, { tier: 1 })).statusCode).toBe(404);
  });

  it('refuses when the e-mail got an account in the meantime', async () => {
    const a = await apply();
    await req(
      'POST',
      'registerbrand',
      {},
      {
        name: 'Same Mail',
        email: a.email,
        address: '1 St',
        zip: '12345',
        phones: '555',
        password: 'secret1',
      },
    );
    const res = await req('POST', `admin/applications/${a.id}/approve`, staff.headers, { tier: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: [MSG.emailTaken] });
    const row = await t.ctx.db.query.mediaApplications.findFirst({ where: eq(mediaApplications.id, a.id) });
    expect(row?.status).toBe('pending');
  });
});

describe('POST admin/applications/{id}/reject', () => {
  it('rejects with a note that is e-mailed, and the e-mail may apply again', async () => {
    const a = await apply();
    const res = await req('POST', `admin/applications/${a.id}/reject`, staff.headers, {
      reason: 'We need a larger audience.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'rejected', reason: 'We need a larger audience.' });
    const mail = await lastMailTo(a.email);
    expect(mail?.subject).toBe('About your Comped application');
    expect(mail?.text).toContain('We need a larger audience.');
    expect(await t.ctx.db.select().from(users).where(eq(users.email, a.email))).toHaveLength(0);
    const again = await req(
      'POST',
      'influencers',
      {},
      {
        name: 'Jo',
        email: a.email,
        type: 'influencer',
        instagram: 'jo',
      },
    );
    expect(again.statusCode).toBe(201);
  });

  it('requires a reason', async () => {
    const a = await apply();
    for (const body of [{}, { reason: '  ' }]) {
      const res = await req('POST', `admin/applications/${a.id}/reject`, staff.headers, body);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ reason: [MSG.required] });
    }
  });
});

describe('GET admin/outbox', () => {
  it('lists mails newest first with their text and status, paged', async () => {
    const a = await apply();
    const b = await apply();
    const res = await req('GET', 'admin/outbox?page[size]=2', staff.headers);
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json();
    expect(data.map((m: { to: string }) => m.to)).toEqual([b.email, a.email]);
    expect(data[0]).toMatchObject({
      id: expect.any(Number),
      subject: 'We received your Comped application',
      text: expect.stringContaining('Hi Jo Writer'),
      status: 'queued',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(meta).toMatchObject({ current_page: 1, per_page: 2 });
    expect(meta.total).toBeGreaterThanOrEqual(2);
    await t.ctx.jobs.runDue();
    const sent = await req('GET', 'admin/outbox?page[size]=2', staff.headers);
    expect(sent.json().data[0].status).toBe('sent');
  });

  it('never shows an initial or temporary password, and masks the stored mail once it is sent', async () => {
    const a = await apply();
    await req('POST', `admin/applications/${a.id}/approve`, staff.headers, { tier: 1 });
    const u = await createUser(t.ctx, { role: 'brands' });
    await req('POST', 'resetpassword', {}, { email: u.email });
    // The reset's job (the worker's part) alone, leaving its mail queued.
    const resets = new JobQueue(t.ctx.db, t.clock, t.app.log);
    resets.register(PASSWORD_RESET_JOB, async (p) => sendPasswordReset(t.ctx, String(p.email)));
    await resets.runDue();
    const credentials = (await lastMailTo(a.email))!;
    const reset = (await lastMailTo(u.email))!;
    const initial = /Password: (\S+)/.exec(credentials.text)![1]!;
    const temporary = /Temporary password: (\S+)/.exec(reset.text)![1]!;
    const outbox = async () =>
      (await req('GET', 'admin/outbox?page[size]=50', staff.headers)).json().data as {
        id: number;
        text: string;
        status: string;
      }[];

    // Queued: the staff Outbox shows it masked already.
    for (const [mail, secret] of [
      [credentials, initial],
      [reset, temporary],
    ] as const) {
      const shown = (await outbox()).find((m) => m.id === mail.id)!;
      expect(shown.status).toBe('queued');
      expect(shown.text).not.toContain(secret);
      expect(shown.text).toContain('••••••••');
      expect(shown.text).toContain(`Email: ${mail.to}`);
    }

    await t.ctx.jobs.runDue();
    for (const [mail, secret] of [
      [credentials, initial],
      [reset, temporary],
    ] as const) {
      // Sent: the stored text and HTML hold no password any more; the Outbox neither.
      const [row] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id));
      expect(row?.status).toBe('sent');
      expect(JSON.stringify(row)).not.toContain(secret);
      expect(row?.text).toContain('••••••••');
      expect(row?.html).toContain('••••••••');
      const shown = (await outbox()).find((m) => m.id === mail.id)!;
      expect(shown.text).not.toContain(secret);
      // The delivered copy (the .eml the local transport wrote) is the mail itself and keeps it.
      const eml = fs
        .readdirSync(t.config.mailDir)
        .map((f) => fs.readFileSync(`${t.config.mailDir}/${f}`, 'utf8'))
        .find((f) => f.includes(`To: ${mail.to}`) && f.includes(secret));
      expect(eml).toBeDefined();
    }
  });
});

describe('GET admin/analytics', () => {
  it('counts events per name per day in the range', async () => {
    await t.ctx.db.insert(analyticsEvents).values([
      { name: 'brand_sign_up', occurredAt: new Date('2025-02-01T10:00:00Z') },
      { name: 'brand_sign_up', occurredAt: new Date('2025-02-01T23:00:00Z') },
      { name: 'booking_request', occurredAt: new Date('2025-02-02T10:00:00Z') },
      { name: 'brand_sign_up', occurredAt: new Date('2025-02-04T10:00:00Z') },
    ]);
    const res = await req('GET', 'admin/analytics?from=2025-02-01&to=2025-02-03', staff.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { day: '2025-02-01', name: 'brand_sign_up', count: 2 },
      { day: '2025-02-02', name: 'booking_request', count: 1 },
    ]);
    expect(res.json().meta.totals).toMatchObject({ brand_sign_up: 2, booking_request: 1, task_completion: 0 });
  });

  it('validates the range', async () => {
    const missing = await req('GET', 'admin/analytics', staff.headers);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ from: [MSG.required], to: [MSG.required] });
    const bad = await req('GET', 'admin/analytics?from=2025-13-45&to=2025-01-01', staff.headers);
    expect(bad.json().errors.from).toEqual(['The date must be in the form YYYY-MM-DD.']);
    const reversed = await req('GET', 'admin/analytics?from=2025-02-02&to=2025-02-01', staff.headers);
    expect(reversed.json().errors).toEqual({ to: ['The end date must be on or after the start date.'] });
    const long = await req('GET', 'admin/analytics?from=2023-01-01&to=2025-01-01', staff.headers);
    expect(long.json().errors).toEqual({ to: ['The range may cover at most one year.'] });
  });
});
