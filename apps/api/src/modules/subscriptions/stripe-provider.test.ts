import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@comped/shared/messages';
import { createBrandOwner, createUser } from '../../../test/factories';
import type { TestBrand } from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';
import type { TestApp } from '../../../test/test-app';
import { invoices, mailOutbox, subscriptions, webhookEvents } from '../../db/schema';
import { startFakeStripe } from './test-support/fake-stripe';
import type { FakeStripe } from './test-support/fake-stripe';

const WEBHOOK_SECRET = 'whsec_test_secret';
let t: TestApp;
let fake: FakeStripe;
let planId: number;
const signer = new Stripe('sk_test_signer');

beforeAll(async () => {
  fake = await startFakeStripe({ priceCents: 14900, couponOffCents: 5000 });
  t = await createTestApp({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_comped',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_comped',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
    STRIPE_PRICE_ID: 'price_brand_monthly',
    STRIPE_INTRO_COUPON: 'intro_3_months',
  });
  planId = (await t.ctx.db.query.plans.findFirst())!.id;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function subscribe(brand: { headers: Record<string, string> }, paymentMethod: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/subscriptions',
    headers: brand.headers,
    payload: { selected_plan: planId, payment_method: paymentMethod },
  });
}

async function subOf(userId: number) {
  const [row] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}

function signed(event: Record<string, unknown>, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const header = signer.webhooks.generateTestHeaderString({ payload, secret });
  return { payload, header };
}

async function deliver(event: Record<string, unknown>, secret = WEBHOOK_SECRET) {
  const { payload, header } = signed(event, secret);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/subscriptions/webhook',
    // As the provider sends it.
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
    payload,
  });
}

function invoiceEvent(
  id: string,
  type: 'invoice.paid' | 'invoice.payment_failed',
  o: { invoice: string; subscription: string; start: Date; end: Date; amount: number },
) {
  const start = Math.floor(o.start.getTime() / 1000);
  const end = Math.floor(o.end.getTime() / 1000);
  return {
    id,
    object: 'event',
    type,
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: o.invoice,
        object: 'invoice',
        status: type === 'invoice.paid' ? 'paid' : 'open',
        amount_paid: type === 'invoice.paid' ? o.amount : 0,
        amount_due: o.amount,
        billing_reason: 'subscription_cycle',
        parent: { type: 'subscription_details', subscription_details: { subscription: o.subscription } },
        lines: { object: 'list', data: [{ id: `il_${o.invoice}`, period: { start, end } }] },
      },
    },
  };
}

describe('stripe provider: checkout', () => {
  it('products tell the page to use Elements, with the publishable key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/subscriptions/products' });
    expect(res.json().meta).toEqual({ provider: 'stripe', publishable_key: 'pk_test_comped' });
  });

  it('POST payment-methods does not exist with the hosted provider (cards never reach our server)', async () => {
    const brand = await createBrandOwner(t.ctx, { subscribed: false });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment-methods',
      headers: brand.headers,
      payload: { cardholder_name: 'A', number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('creates a Customer, attaches the card and starts the Subscription with the intro coupon', async () => {
    const brand = await createBrandOwner(t.ctx, { subscribed: false });
    const before = fake.requests.length;
    const res = await subscribe(brand, 'pm_card_visa');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ data: { status: 'active', plan_id: planId } });

    const calls = fake.requests.slice(before);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /v1/customers',
      'POST /v1/payment_methods/pm_card_visa/attach',
      'POST /v1/subscriptions',
    ]);
    expect(calls.every((c) => c.authorization === 'Bearer sk_test_comped')).toBe(true);
    // Every create carries an idempotency key.
    expect(calls.every((c) => !!c.idempotencyKey)).toBe(true);
    expect(calls[0]!.params).toMatchObject({ email: brand.email, 'metadata[user_id]': String(brand.id) });
    const customer = calls[1]!.params.customer;
    expect(customer).toMatch(/^cus_/);
    expect(calls[2]!.params).toMatchObject({
      customer,
      'items[0][price]': 'price_brand_monthly',
      default_payment_method: 'pm_card_visa',
      payment_behavior: 'error_if_incomplete',
      'discounts[0][coupon]': 'intro_3_months',
      'expand[0]': 'latest_invoice',
    });

    const sub = (await subOf(brand.id))!;
    expect(sub).toMatchObject({
      status: 'active',
      provider: 'stripe',
      providerCustomerId: customer,
      cardBrand: 'visa',
      cardLast4: '4242',
      monthsBilled: 1,
    });
    expect(sub.providerSubscriptionId).toMatch(/^sub_/);
    const rows = await t.ctx.db.select().from(invoices).where(eq(invoices.subscriptionId, sub.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountCents: 9900, status: 'paid' });
    expect(rows[0]!.providerInvoiceId).toMatch(/^in_/);
  });

  it.each([
    ['pm_card_chargeDeclined', MSG.cardDeclined],
    ['pm_card_chargeDeclinedInsufficientFunds', MSG.cardInsufficientFunds],
  ])('%s is refused with the provider message and nothing is stored', async (pm, message) => {
    const brand = await createBrandOwner(t.ctx, { subscribed: false });
    const res = await subscribe(brand, pm);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message, errors: { payment_method: [message] } });
    expect(await subOf(brand.id)).toBeUndefined();
  });

  it('two checkouts at once: one subscription is kept, the other is canceled at the provider', async () => {
    const brand = await createBrandOwner(t.ctx, { subscribed: false });
    const before = new Set(fake.subscriptions.keys());
    const results = await Promise.all([subscribe(brand, 'pm_card_visa'), subscribe(brand, 'pm_card_mastercard')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const created = [...fake.subscriptions.entries()].filter(([id]) => !before.has(id)).map(([, sub]) => sub);
    const kept = (await subOf(brand.id))!;
    expect(created.filter((sub) => sub.status === 'active')).toHaveLength(1);
    for (const sub of created) {
      expect(sub.status).toBe(sub.id === kept.providerSubscriptionId ? 'active' : 'canceled');
    }
  });

  it('refuses a media user and a missing token', async () => {
    const media = await createUser(t.ctx, { role: 'influencer' });
    expect((await subscribe(media, 'pm_card_visa')).statusCode).toBe(403);
    expect((await subscribe({ headers: {} }, 'pm_card_visa')).statusCode).toBe(401);
  });
});

describe('stripe provider: webhooks', () => {
  let brand: TestBrand;
  let providerSubId: string;

  beforeAll(async () => {
    brand = await createBrandOwner(t.ctx, { subscribed: false });
    expect((await subscribe(brand, 'pm_card_mastercard')).statusCode).toBe(201);
    providerSubId = (await subOf(brand.id))!.providerSubscriptionId!;
  });

  it('refuses a bad or missing signature with 400 and changes nothing', async () => {
    const sub = (await subOf(brand.id))!;
    const event = invoiceEvent('evt_forged', 'invoice.payment_failed', {
      invoice: 'in_forged',
      subscription: providerSubId,
      start: sub.currentPeriodEnd,
      end: new Date(sub.currentPeriodEnd.getTime() + 30 * 86400_000),
      amount: 9900,
    });
    const forged = await deliver(event, 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ message: 'Invalid signature.' });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    // A valid signature over other bytes (the body altered in transit) is refused too.
    const { header } = signed(event);
    const altered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload: JSON.stringify({ ...event, type: 'invoice.paid' }),
    });
    expect(altered.statusCode).toBe(400);
    expect((await subOf(brand.id))!.status).toBe('active');
    expect(await t.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.id, 'evt_forged'))).toHaveLength(0);
  });

  it('invoice.paid renews once, however many times the same event is delivered', async () => {
    const sub = (await subOf(brand.id))!;
    const nextEnd = new Date(sub.currentPeriodEnd.getTime() + 31 * 86400_000);
    const event = invoiceEvent('evt_renewal_1', 'invoice.paid', {
      invoice: 'in_renewal_1',
      subscription: providerSubId,
      start: sub.currentPeriodEnd,
      end: nextEnd,
      amount: 9900,
    });
    for (let i = 0; i < 3; i += 1) {
      const res = await deliver(event);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true, duplicate: i > 0 });
    }
    const after = (await subOf(brand.id))!;
    expect(after).toMatchObject({ status: 'active', monthsBilled: 2 });
    expect(after.currentPeriodEnd.getTime()).toBe(Math.floor(nextEnd.getTime() / 1000) * 1000);
    const rows = await t.ctx.db.select().from(invoices).where(eq(invoices.subscriptionId, sub.id));
    expect(rows.filter((r) => r.providerInvoiceId === 'in_renewal_1')).toHaveLength(1);
    expect(rows).toHaveLength(2);
  });

  it('invoice.payment_failed makes the brand past due and mails the owner; paying later reactivates', async () => {
    const sub = (await subOf(brand.id))!;
    const end = new Date(sub.currentPeriodEnd.getTime() + 30 * 86400_000);
    const o = { invoice: 'in_renewal_2', subscription: providerSubId, start: sub.currentPeriodEnd, end, amount: 9900 };
    for (let i = 0; i < 3; i += 1)
      expect((await deliver(invoiceEvent('evt_fail_2', 'invoice.payment_failed', o))).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/subscriptions/status', headers: brand.headers });
    expect(res.json()).toEqual({ data: { status: 'past_due', plan_id: planId } });
    const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, brand.email));
    expect(mails).toHaveLength(1);

    expect((await deliver(invoiceEvent('evt_paid_2', 'invoice.paid', o))).statusCode).toBe(200);
    const after = (await subOf(brand.id))!;
    expect(after).toMatchObject({ status: 'active', monthsBilled: 3 });
    const [inv] = await t.ctx.db.select().from(invoices).where(eq(invoices.providerInvoiceId, 'in_renewal_2'));
    expect(inv).toMatchObject({ status: 'paid', amountCents: 9900 });
  });

  it('a past-due brand pays again with a new card: same Customer, old Subscription canceled, a new one started', async () => {
    const sub = (await subOf(brand.id))!;
    const o = {
      invoice: 'in_renewal_3',
      subscription: providerSubId,
      start: sub.currentPeriodEnd,
      end: new Date(sub.currentPeriodEnd.getTime() + 30 * 86400_000),
      amount: 14900,
    };
    expect((await deliver(invoiceEvent('evt_fail_3', 'invoice.payment_failed', o))).statusCode).toBe(200);
    expect((await subOf(brand.id))!.status).toBe('past_due');

    const before = fake.requests.length;
    const res = await subscribe(brand, 'pm_card_visa');
    expect(res.statusCode).toBe(201);
    const calls = fake.requests.slice(before);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /v1/payment_methods/pm_card_visa/attach',
      `DELETE /v1/subscriptions/${providerSubId}`,
      'POST /v1/subscriptions',
    ]);
    expect(calls[0]!.params.customer).toBe(sub.providerCustomerId);
    // Past the introductory months: no coupon on the new subscription.
    expect(calls[2]!.params['discounts[0][coupon]']).toBeUndefined();
    const after = (await subOf(brand.id))!;
    expect(after).toMatchObject({ id: sub.id, status: 'active', cardLast4: '4242', monthsBilled: 4 });
    expect(after.providerSubscriptionId).not.toBe(providerSubId);
    expect(fake.subscriptions.get(providerSubId)?.status).toBe('canceled');
  });

  it('ignores events about subscriptions it does not know, and records them as seen', async () => {
    const res = await deliver(
      invoiceEvent('evt_unknown', 'invoice.paid', {
        invoice: 'in_unknown',
        subscription: 'sub_not_ours',
        start: new Date(),
        end: new Date(Date.now() + 86400_000),
        amount: 100,
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(await t.ctx.db.select().from(invoices).where(eq(invoices.providerInvoiceId, 'in_unknown'))).toHaveLength(0);
  });
});
