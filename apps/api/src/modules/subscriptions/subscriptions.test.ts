import { MSG } from '@comped/shared/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TestBrand } from '../../../test/factories';
import { createBrandOwner, createUser, issueToken } from '../../../test/factories';
import type { TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { invoices, mailOutbox, paymentMethods, plans, subscriptions } from '../../db/schema';
import { rowsOf } from '../../jobs/queue';
import { assertActiveSubscription } from './subscriptions.policy';

let t: TestApp;
let planId: number;
const NOW = new Date('2026-03-10T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  t.clock.freeze(NOW);
  const plan = await t.ctx.db.query.plans.findFirst();
  planId = plan!.id;
});
afterAll(async () => {
  await t?.close();
});

const card = (over: Record<string, unknown> = {}) => ({
  cardholder_name: 'Ada Lovelace',
  number: '4242 4242 4242 4242',
  exp_month: 12,
  exp_year: 2030,
  cvc: '123',
  ...over,
});

async function addCard(brand: { headers: Record<string, string> }, over: Record<string, unknown> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/v1/payment-methods', headers: brand.headers, payload: card(over) });
}

async function subscribe(brand: { headers: Record<string, string> }, number = '4242424242424242') {
  const pm = await addCard(brand, { number });
  expect(pm.statusCode).toBe(201);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/subscriptions',
    headers: brand.headers,
    payload: { selected_plan: planId, payment_method: pm.json().data.id },
  });
}

async function status(brand: { headers: Record<string, string> }) {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/subscriptions/status', headers: brand.headers });
  expect(res.statusCode).toBe(200);
  return res.json().data as { status: string; plan_id: number | null };
}

async function subOf(userId: number) {
  const [row] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}

async function invoicesOf(subscriptionId: number) {
  return t.ctx.db.select().from(invoices).where(eq(invoices.subscriptionId, subscriptionId)).orderBy(invoices.id);
}

describe('GET subscriptions/products', () => {
  it('lists the seeded plan for anyone, with the provider the checkout page uses', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/subscriptions/products' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ provider: 'local' });
    expect(body.data).toEqual([
      {
        id: planId,
        title: 'Brand Plan',
        price: 149,
        price_cents: 14900,
        intro_price_cents: 9900,
        intro_months: 3,
        features: ['1 brand', 'Up to 3 unique locations', 'Unlimited campaigns and bookings', 'Onboarding support'],
        allowed_locations: 3,
        allowed_brands: 1,
      },
    ]);
  });

  it('answers a signed-in media user too (the signup page and any client show the plan)', async () => {
    const media = await createUser(t.ctx, { role: 'influencer' });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/subscriptions/products', headers: media.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0].title).toBe('Brand Plan');
  });
});

describe('POST payment-methods (local provider)', () => {
  let brand: TestBrand;
  beforeAll(async () => {
    brand = await createBrandOwner(t.ctx, { subscribed: false });
  });

  it('keeps only brand, last 4, expiry, name and outcome: never the full number or the CVC', async () => {
    const res = await addCard(brand, { number: '4242 4242 4242 4242', cvc: '987' });
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id as string;
    expect(id).toMatch(/^pm_[a-f0-9]+$/);
    const [row] = await t.ctx.db.select().from(paymentMethods).where(eq(paymentMethods.id, id));
    expect(row).toMatchObject({
      userId: brand.id,
      cardholderName: 'Ada Lovelace',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
      outcome: 'succeeds',
    });
    // Nowhere in the database: every row of every table, as text, holds neither the number nor the CVC.
    const tables = rowsOf<{ table_name: string }>(
      await t.ctx.db.execute(
        sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
      ),
    );
    expect(tables.length).toBeGreaterThan(5);
    let text = '';
    for (const { table_name } of tables) {
      const rows = await t.ctx.db.execute(sql`SELECT row_to_json(x)::text AS j FROM ${sql.identifier(table_name)} x`);
      text += JSON.stringify(rowsOf(rows));
    }
    expect(text).toContain('Ada Lovelace');
    expect(text).not.toContain('4242424242424242');
    expect(text).not.toContain('"987"');
  });

  it.each([
    [{ cardholder_name: '' }, 'cardholder_name', MSG.cardholderIncomplete],
    [{ cardholder_name: '   ' }, 'cardholder_name', MSG.cardholderIncomplete],
    [{ number: '4242 4242 4242' }, 'number', MSG.cardNumberIncomplete],
    [{ number: '4242 4242 4242 4241' }, 'number', MSG.cardNumberInvalid],
    [{ number: 'abcd efgh ijkl mnop' }, 'number', MSG.cardNumberInvalid],
    [{ exp_month: 13 }, 'exp_month', MSG.cardExpiryMonthInvalid],
    [{ exp_year: 2025 }, 'exp_year', MSG.cardExpiryYearPast],
    [{ exp_year: 2026, exp_month: 2 }, 'exp_month', MSG.cardExpiryDatePast],
    [{ cvc: '12' }, 'cvc', MSG.cardCvcIncomplete],
    [{ number: '3782 822463 10005', cvc: '123' }, 'cvc', MSG.cardCvcIncomplete],
  ])('refuses %o on %s with the provider message', async (over, field, message) => {
    const res = await addCard(brand, over);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message, code: 'validation_failed', errors: { [field]: [message] } });
  });

  it('accepts this month as expiry, and a 4-digit CVC on AMEX', async () => {
    expect((await addCard(brand, { exp_year: 2026, exp_month: 3 })).statusCode).toBe(201);
    const amex = await addCard(brand, { number: '3782 822463 10005', cvc: '1234' });
    expect(amex.statusCode).toBe(201);
    const [row] = await t.ctx.db.select().from(paymentMethods).where(eq(paymentMethods.id, amex.json().data.id));
    expect(row).toMatchObject({ brand: 'amex', last4: '0005' });
  });

  it('refuses a media user (403) and a missing token (401)', async () => {
    const media = await createUser(t.ctx, { role: 'journalist' });
    const res = await addCard(media);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: MSG.forbidden, code: 'forbidden' });
    const anon = await t.app.inject({ method: 'POST', url: '/api/v1/payment-methods', payload: card() });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ message: MSG.unauthenticated, code: 'unauthenticated' });
  });
});

describe('POST subscriptions', () => {
  it('charges the intro month and makes the brand active with one paid invoice', async () => {
    const brand = await createBrandOwner(t.ctx, { subscribed: false });
    expect(await status(brand)).toEqual({ status: 'inexistent', plan_id: null });
    const res = await subscribe(brand);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ data: { status: 'active', plan_id: planId } });
    expect(await status(brand)).toEqual({ status: 'active', plan_id: planId });
    const sub = await subOf(brand.id);
    expect(sub).toMatchObject({
      status: 'active',
      provider: 'local',
      monthsBilled: 1,
      cardBrand: 'visa',
      cardLast4: '4242',
      currentPeriodStart: NOW,
      currentPeriodEnd: new Date('2026-04-10T12:00:00Z'),
    });
    const rows = await invoicesOf(sub!.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      amountCents: 9900,
      status: 'paid',
      providerInvoiceId: `local:${sub!.id}:${NOW.toISOString()}`,
    });
    // The brand workspace opens.
    await expect(assertActiveSubscription(t.ctx.db, brand.id)).resolves.toBeUndefined();
  });

  it.each([
    ['4000000000000002', MSG.cardDeclined],
    ['4000000000009995', MSG.cardInsufficientFunds],
    ['4000000000000069', MSG.cardExpired],
    ['4000000000000127', MSG.cardCvcIncorrect],
  ])('card %s is refused with "%s" and nothing is stored', async (number, message) => {
    const brand = await createBrandOwner(t.ctx, { subscribed: false });
    const res = await subscribe(brand, number);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message, code: 'card_declined', errors: { payment_method: [message] } });
    expect(await subOf(brand.id)).toBeUndefined();
    expect(await status(brand)).toEqual({ status: 'inexistent', plan_id: null });
  });

  it('refuses a second subscription while one is active (409)', async () => {
    const brand = await createBrandOwner(t.ctx, { subscribed: false });
    expect((await subscribe(brand)).statusCode).toBe(201);
    const again = await subscribe(brand);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: MSG.alreadySubscribed, code: 'already_subscribed' });
    const sub = await subOf(brand.id);
    expect(await invoicesOf(sub!.id)).toHaveLength(1);
  });

  it('two payments at once (a double click) make one subscription and one charge', async () => {
    const brand = await createBrandOwner(t.ctx, { subscribed: false });
    const [a, b] = await Promise.all([addCard(brand), addCard(brand)]);
    const results = await Promise.all(
      [a, b].map((pm) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/subscriptions',
          headers: brand.headers,
          payload: { selected_plan: planId, payment_method: pm.json().data.id },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const sub = await subOf(brand.id);
    expect(await invoicesOf(sub!.id)).toHaveLength(1);
  });

  it("refuses another brand's payment method, an unknown plan and a malformed body", async () => {
    const owner = await createBrandOwner(t.ctx, { subscribed: false });
    const other = await createBrandOwner(t.ctx, { subscribed: false });
    const pm = (await addCard(owner)).json().data.id as string;
    const stolen = await t.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions',
      headers: other.headers,
      payload: { selected_plan: planId, payment_method: pm },
    });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json()).toEqual({
      message: MSG.paymentMethodInvalid,
      code: 'card_declined',
      errors: { payment_method: [MSG.paymentMethodInvalid] },
    });
    expect(await subOf(other.id)).toBeUndefined();

    const noPlan = await t.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions',
      headers: owner.headers,
      payload: { selected_plan: 999999, payment_method: pm },
    });
    expect(noPlan.statusCode).toBe(422);
    expect(noPlan.json()).toEqual({
      message: MSG.planInvalid,
      code: 'validation_failed',
      errors: { selected_plan: [MSG.planInvalid] },
    });

    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions',
      headers: owner.headers,
      payload: { selected_plan: planId, payment_method: '' },
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.payment_method).toEqual([MSG.required]);
  });

  it('refuses a media user (403) and a missing token (401)', async () => {
    const media = await createUser(t.ctx, { role: 'influencer' });
    const payload = { selected_plan: planId, payment_method: 'pm_x' };
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/subscriptions', headers: media.headers, payload });
    expect(res.statusCode).toBe(403);
    const anon = await t.app.inject({ method: 'POST', url: '/api/v1/subscriptions', payload });
    expect(anon.statusCode).toBe(401);
  });
});

describe('GET subscriptions/status', () => {
  it("reports only the signed-in brand's own subscription; media users and anonymous callers are refused", async () => {
    const active = await createBrandOwner(t.ctx);
    const none = await createBrandOwner(t.ctx, { subscribed: false });
    expect(await status(active)).toEqual({ status: 'active', plan_id: planId });
    expect(await status(none)).toEqual({ status: 'inexistent', plan_id: null });
    const media = await createUser(t.ctx, { role: 'journalist' });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/subscriptions/status', headers: media.headers });
    expect(res.statusCode).toBe(403);
    const anon = await t.app.inject({ method: 'GET', url: '/api/v1/subscriptions/status' });
    expect(anon.statusCode).toBe(401);
  });
});

describe('renewals (local provider job)', () => {
  async function runJobAt(instant: Date) {
    t.clock.freeze(instant);
    await t.ctx.jobs.runDue();
  }

  it('charges month 2 and 3 at the intro price and month 4 at $149, once per period', async () => {
    t.clock.freeze(NOW);
    const brand = await createBrandOwner(t.ctx, { subscribed: false });
    expect((await subscribe(brand)).statusCode).toBe(201);
    const sub = (await subOf(brand.id))!;

    await runJobAt(new Date('2026-04-10T12:30:00Z'));
    let row = (await subOf(brand.id))!;
    expect(row).toMatchObject({ status: 'active', monthsBilled: 2 });
    expect(row.currentPeriodEnd).toEqual(new Date('2026-05-10T12:00:00Z'));

    // The job runs again within the same period (another node, the next hour): nothing more is charged.
    await runJobAt(new Date('2026-04-10T13:30:00Z'));
    expect(await invoicesOf(sub.id)).toHaveLength(2);

    // Two periods late: it catches up month by month.
    await runJobAt(new Date('2026-06-11T00:00:00Z'));
    row = (await subOf(brand.id))!;
    expect(row).toMatchObject({ status: 'active', monthsBilled: 4 });
    expect(row.currentPeriodEnd).toEqual(new Date('2026-07-10T12:00:00Z'));
    const rows = await invoicesOf(sub.id);
    expect(rows.map((i) => [i.amountCents, i.status, i.periodStart.toISOString()])).toEqual([
      [9900, 'paid', '2026-03-10T12:00:00.000Z'],
      [9900, 'paid', '2026-04-10T12:00:00.000Z'],
      [9900, 'paid', '2026-05-10T12:00:00.000Z'],
      [14900, 'paid', '2026-06-10T12:00:00.000Z'],
    ]);
    t.clock.freeze(NOW);
  });

  it('a refused renewal makes the brand past due, mails the owner once, and a new card reactivates it', async () => {
    t.clock.freeze(NOW);
    const brand = await createBrandOwner(t.ctx, { subscribed: false });
    expect((await subscribe(brand)).statusCode).toBe(201);
    const sub = (await subOf(brand.id))!;
    // The card starts being refused (as a real card would after it is blocked).
    await t.ctx.db
      .update(paymentMethods)
      .set({ outcome: 'declined' })
      .where(eq(paymentMethods.id, sub.paymentMethodId!));

    await runJobAt(new Date('2026-04-10T13:00:00Z'));
    // A month later: sign in again (tokens idle for 30 days expire).
    brand.headers = { authorization: `Bearer ${await issueToken(t.ctx, brand.id)}` };
    expect(await status(brand)).toEqual({ status: 'past_due', plan_id: planId });
    await expect(assertActiveSubscription(t.ctx.db, brand.id)).rejects.toMatchObject({
      statusCode: 403,
      message: MSG.subscriptionRequired,
    });
    let rows = await invoicesOf(sub.id);
    expect(rows.at(-1)).toMatchObject({ status: 'failed', amountCents: 9900, failureMessage: MSG.cardDeclined });
    const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, brand.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your Comped payment failed');
    expect(mails[0]!.text).toContain(MSG.cardDeclined);

    // Reruns neither charge again nor mail again.
    await runJobAt(new Date('2026-04-10T14:00:00Z'));
    await runJobAt(new Date('2026-04-10T15:00:00Z'));
    expect(await invoicesOf(sub.id)).toHaveLength(2);
    expect(await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, brand.email))).toHaveLength(1);

    // A declined card does not reactivate; a good one does (month 2, still the intro price).
    t.clock.freeze(new Date('2026-04-11T09:00:00Z'));
    const declined = await subscribe(brand, '4000000000000002');
    expect(declined.statusCode).toBe(422);
    expect(await status(brand)).toEqual({ status: 'past_due', plan_id: planId });
    const paid = await subscribe(brand);
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toEqual({ data: { status: 'active', plan_id: planId } });
    const row = (await subOf(brand.id))!;
    expect(row).toMatchObject({ id: sub.id, status: 'active', monthsBilled: 2 });
    expect(row.currentPeriodEnd).toEqual(new Date('2026-05-11T09:00:00Z'));
    rows = await invoicesOf(sub.id);
    expect(rows.at(-1)).toMatchObject({ status: 'paid', amountCents: 9900 });
    t.clock.freeze(NOW);
  });

  it('leaves canceled subscriptions and the ones not yet due alone', async () => {
    t.clock.freeze(NOW);
    const brand = await createBrandOwner(t.ctx, { subscribed: false });
    expect((await subscribe(brand)).statusCode).toBe(201);
    const sub = (await subOf(brand.id))!;
    await runJobAt(new Date('2026-04-10T11:59:00Z'));
    expect(await invoicesOf(sub.id)).toHaveLength(1);
    await t.ctx.db.update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.id, sub.id));
    await runJobAt(new Date('2026-05-01T00:00:00Z'));
    expect(await invoicesOf(sub.id)).toHaveLength(1);
    t.clock.freeze(NOW);
  });
});

describe('POST subscriptions/webhook', () => {
  it('does not exist with the local provider', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('describes the subscription routes from the same schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/subscriptions/products',
        '/api/v1/payment-methods',
        '/api/v1/subscriptions',
        '/api/v1/subscriptions/status',
      ]),
    );
    expect(JSON.stringify(doc.paths['/api/v1/payment-methods'])).toContain('cardholder_name');
  });
});

describe('plans table', () => {
  it('is seeded once with the plan of decisions.md', async () => {
    const rows = await t.ctx.db.select().from(plans);
    expect(rows).toHaveLength(1);
  });
});
