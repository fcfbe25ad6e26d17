import { MSG } from '@comped/shared/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createBrandOwner, createUser, issueToken } from '../../../test/factories';
import type { TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { invoices, mailOutbox, subscriptionPayments, subscriptions } from '../../db/schema';
import { assertActiveSubscription } from './subscriptions.policy';

/** The local provider's 3-D Secure test card (the hosted provider's 4000 0027 6000 3184). */
const AUTH_CARD = '4000002760003184';
const NOW = new Date('2026-03-10T12:00:00Z');
let t: TestApp;
let planId: number;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.freeze(NOW);
  planId = (await t.ctx.db.query.plans.findFirst())!.id;
});
afterAll(async () => {
  await t?.close();
});

type Who = { headers: Record<string, string> };

async function checkout(brand: Who, number: string) {
  const pm = await t.app.inject({
    method: 'POST',
    url: '/api/v1/payment-methods',
    headers: brand.headers,
    payload: { cardholder_name: 'Ada Lovelace', number, exp_month: 12, exp_year: 2030, cvc: '123' },
  });
  expect(pm.statusCode).toBe(201);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/subscriptions',
    headers: brand.headers,
    payload: { selected_plan: planId, payment_method: pm.json().data.id },
  });
}

function authenticate(brand: Who, id: string, result: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/subscriptions/payments/${id}/authenticate`,
    headers: brand.headers,
    payload: { result },
  });
}

async function statusOf(brand: Who) {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/subscriptions/status', headers: brand.headers });
  return res.json().data as { status: string; plan_id: number | null };
}

async function subOf(userId: number) {
  const [row] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}

describe('checkout with a card that asks for 3-D Secure (local provider)', () => {
  it('answers 202 with the payment to confirm; the brand is not active until the challenge is completed', async () => {
    const brand = await createBrandOwner(t.ctx, { subscribed: false });
    const res = await checkout(brand, AUTH_CARD);
    expect(res.statusCode).toBe(202);
    const { data } = res.json();
    expect(data).toMatchObject({
      status: 'inexistent',
      plan_id: null,
      payment: {
        kind: 'checkout',
        status: 'requires_action',
        provider: 'local',
        amount_cents: 9900,
        plan: { id: planId, title: 'Brand Plan' },
        card: { brand: 'visa', last4: '3184' },
        client_secret: null,
        failure_message: null,
      },
    });
    expect(data.payment.id).toMatch(/^pay_[a-f0-9]{32}$/);
    expect(await statusOf(brand)).toEqual({ status: 'inexistent', plan_id: null });
    await expect(assertActiveSubscription(t.ctx.db, brand.id)).rejects.toMatchObject({ statusCode: 403 });

    const got = await t.app.inject({
      method: 'GET',
      url: `/api/v1/subscriptions/payments/${data.payment.id}`,
      headers: brand.headers,
    });
    expect(got.statusCode).toBe(200);
    expect(got.json().data).toEqual(data.payment);

    const done = await authenticate(brand, data.payment.id, 'complete');
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ id: data.payment.id, status: 'succeeded' });
    expect(await statusOf(brand)).toEqual({ status: 'active', plan_id: planId });
    const sub = (await subOf(brand.id))!;
    expect(sub).toMatchObject({
      monthsBilled: 1,
      cardLast4: '3184',
      currentPeriodEnd: new Date('2026-04-10T12:00:00Z'),
    });
    const rows = await t.ctx.db.select().from(invoices).where(eq(invoices.subscriptionId, sub.id));
    expect(rows.map((r) => [r.amountCents, r.status])).toEqual([[9900, 'paid']]);

    // Answered once: a second answer changes nothing.
    const again = await authenticate(brand, data.payment.id, 'complete');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: MSG.paymentNotPending });
    expect(await t.ctx.db.select().from(invoices).where(eq(invoices.subscriptionId, sub.id))).toHaveLength(1);
  });

  it("a failed challenge refuses the payment with the provider's message and stores no subscription", async () => {
    const brand = await createBrandOwner(t.ctx, { subscribed: false });
    const id = (await checkout(brand, AUTH_CARD)).json().data.payment.id as string;
    const res = await authenticate(brand, id, 'fail');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: MSG.cardAuthenticationFailed,
      errors: { payment_method: [MSG.cardAuthenticationFailed] },
    });
    expect(await subOf(brand.id)).toBeUndefined();
    const got = await t.app.inject({
      method: 'GET',
      url: `/api/v1/subscriptions/payments/${id}`,
      headers: brand.headers,
    });
    expect(got.json().data).toMatchObject({ status: 'failed', failure_message: MSG.cardAuthenticationFailed });
    expect((await authenticate(brand, id, 'complete')).statusCode).toBe(409);
    // Paying again with a card that needs no challenge works at once.
    const paid = await checkout(brand, '4242424242424242');
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toEqual({ data: { status: 'active', plan_id: planId } });
  });

  it('a new checkout replaces the one still waiting; the declined cards keep their 422', async () => {
    const brand = await createBrandOwner(t.ctx, { subscribed: false });
    const first = (await checkout(brand, AUTH_CARD)).json().data.payment.id as string;
    const declined = await checkout(brand, '4000000000000002');
    expect(declined.statusCode).toBe(422);
    expect(declined.json()).toMatchObject({ message: MSG.cardDeclined });
    const second = (await checkout(brand, AUTH_CARD)).json().data.payment.id as string;
    expect(second).not.toBe(first);
    const [old] = await t.ctx.db.select().from(subscriptionPayments).where(eq(subscriptionPayments.id, first));
    expect(old!.status).toBe('canceled');
    expect((await authenticate(brand, first, 'complete')).statusCode).toBe(409);
    expect((await authenticate(brand, second, 'complete')).statusCode).toBe(200);
    expect(await statusOf(brand)).toEqual({ status: 'active', plan_id: planId });
  });

  it("only the payment's owner sees or answers it; media users are refused; a bad result is a 422", async () => {
    const owner = await createBrandOwner(t.ctx, { subscribed: false });
    const other = await createBrandOwner(t.ctx, { subscribed: false });
    const id = (await checkout(owner, AUTH_CARD)).json().data.payment.id as string;
    const peek = await t.app.inject({
      method: 'GET',
      url: `/api/v1/subscriptions/payments/${id}`,
      headers: other.headers,
    });
    expect(peek.statusCode).toBe(404);
    expect((await authenticate(other, id, 'complete')).statusCode).toBe(404);
    expect((await authenticate(owner, 'pay_unknown', 'complete')).statusCode).toBe(404);
    const media = await createUser(t.ctx, { role: 'influencer' });
    expect((await authenticate(media, id, 'complete')).statusCode).toBe(403);
    expect((await authenticate({ headers: {} }, id, 'complete')).statusCode).toBe(401);
    const bad = await authenticate(owner, id, 'maybe');
    expect(bad.statusCode).toBe(422);
    expect(await subOf(owner.id)).toBeUndefined();
  });
});

describe('a renewal that asks for 3-D Secure (local provider job)', () => {
  it('makes the brand past due, mails a link to confirm it, and the confirmed payment renews the period', async () => {
    t.clock.freeze(NOW);
    const brand = await createBrandOwner(t.ctx, { subscribed: false });
    const id = (await checkout(brand, AUTH_CARD)).json().data.payment.id as string;
    expect((await authenticate(brand, id, 'complete')).statusCode).toBe(200);

    t.clock.freeze(new Date('2026-04-10T12:30:00Z'));
    await t.ctx.jobs.runDue();
    brand.headers = { authorization: `Bearer ${await issueToken(t.ctx, brand.id)}` };
    expect(await statusOf(brand)).toEqual({ status: 'past_due', plan_id: planId });
    const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, brand.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Confirm your Comped payment');
    const link = /http:\/\/\S+\/plans\/confirm\/(pay_[a-f0-9]+)/.exec(mails[0]!.text);
    expect(link).not.toBeNull();
    const renewal = link![1]!;

    // The job runs again: no second charge, no second mail.
    t.clock.freeze(new Date('2026-04-10T13:30:00Z'));
    await t.ctx.jobs.runDue();
    expect(await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, brand.email))).toHaveLength(1);

    const got = await t.app.inject({
      method: 'GET',
      url: `/api/v1/subscriptions/payments/${renewal}`,
      headers: brand.headers,
    });
    expect(got.json().data).toMatchObject({ kind: 'renewal', status: 'requires_action', amount_cents: 9900 });
    expect((await authenticate(brand, renewal, 'complete')).statusCode).toBe(200);
    expect(await statusOf(brand)).toEqual({ status: 'active', plan_id: planId });
    const sub = (await subOf(brand.id))!;
    expect(sub).toMatchObject({ monthsBilled: 2, currentPeriodEnd: new Date('2026-05-10T12:00:00Z') });
    const rows = await t.ctx.db.select().from(invoices).where(eq(invoices.subscriptionId, sub.id)).orderBy(invoices.id);
    expect(rows.map((r) => [r.amountCents, r.status])).toEqual([
      [9900, 'paid'],
      [9900, 'paid'],
    ]);
    t.clock.freeze(NOW);
  });

  it('a failed renewal challenge keeps the brand past due with the failed invoice', async () => {
    t.clock.freeze(NOW);
    const brand = await createBrandOwner(t.ctx, { subscribed: false });
    const id = (await checkout(brand, AUTH_CARD)).json().data.payment.id as string;
    await authenticate(brand, id, 'complete');
    // The hourly job (it ran at 13:30 in the test above).
    t.clock.freeze(new Date('2026-04-10T15:00:00Z'));
    await t.ctx.jobs.runDue();
    brand.headers = { authorization: `Bearer ${await issueToken(t.ctx, brand.id)}` };
    const renewal = (
      await t.ctx.db.select().from(subscriptionPayments).where(eq(subscriptionPayments.userId, brand.id))
    ).find((p) => p.kind === 'renewal');
    expect(renewal).toBeDefined();
    const res = await authenticate(brand, renewal!.id, 'fail');
    expect(res.statusCode).toBe(422);
    expect(await statusOf(brand)).toEqual({ status: 'past_due', plan_id: planId });
    const [inv] = await t.ctx.db
      .select()
      .from(invoices)
      .where(eq(invoices.providerInvoiceId, renewal!.providerInvoiceId!));
    expect(inv).toMatchObject({ status: 'failed', failureMessage: MSG.cardAuthenticationFailed });
    t.clock.freeze(NOW);
  });
});
