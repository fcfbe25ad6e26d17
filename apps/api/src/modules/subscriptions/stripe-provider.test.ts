import { MSG } from '@comped/shared/messages';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TestBrand } from '../../../test/factories';
import { createBrandOwner, createUser } from '../../../test/factories';
import type { TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { invoices, mailOutbox, subscriptionPayments, subscriptions, webhookEvents } from '../../db/schema';
import type { FakeStripe } from './test-support/fake-stripe';
import { startFakeStripe } from './test-support/fake-stripe';

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

function signed(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const header = signer.webhooks.generateTestHeaderString({ payload, secret });
  return { payload, header };
}

async function deliver(event: object, secret = WEBHOOK_SECRET) {
  const { payload, header } = signed(event, secret);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/subscriptions/webhook',
    // As the provider sends it.
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
    payload,
  });
}

/** Delivers the provider's queued webhook events, signed, as it would. */
async function deliverQueued() {
  for (const event of fake.takeEvents()) expect((await deliver(event)).statusCode).toBe(200);
}

/** Checkout as the page does it: POST subscriptions (202), Stripe.js confirms, the webhook activates. */
async function subscribeAndPay(brand: { headers: Record<string, string> }, paymentMethod: string) {
  const res = await subscribe(brand, paymentMethod);
  expect(res.statusCode).toBe(202);
  const secret = res.json().data.payment.client_secret as string;
  const confirmed = fake.confirm(secret.split('_secret_')[0]!);
  expect(confirmed.status).toBe(200);
  await deliverQueued();
  return res;
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

  it('creates a Customer, attaches the card and starts the Subscription default_incomplete with the intro coupon', async () => {
    const brand = await createBrandOwner(t.ctx, { subscribed: false });
    fake.takeEvents();
    const before = fake.requests.length;
    const res = await subscribe(brand, 'pm_card_visa');
    // Not active yet: the page confirms the payment with Stripe.js.
    expect(res.statusCode).toBe(202);
    const { data } = res.json();
    expect(data).toMatchObject({
      status: 'inexistent',
      plan_id: null,
      payment: { kind: 'checkout', status: 'requires_action', provider: 'stripe', amount_cents: 9900 },
    });
    expect(data.payment.client_secret).toMatch(/^pi_\w+_secret_\w+$/);

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
      payment_behavior: 'default_incomplete',
      'payment_settings[save_default_payment_method]': 'on_subscription',
      'discounts[0][coupon]': 'intro_3_months',
      'expand[0]': 'latest_invoice.confirmation_secret',
    });
    expect(await subOf(brand.id)).toBeUndefined();

    // The page confirms (what Stripe.js calls); the provider's invoice.paid activates the brand.
    const pi = data.payment.client_secret.split('_secret_')[0];
    expect(fake.confirm(pi).status).toBe(200);
    const events = fake.takeEvents();
    expect(events.map((e) => e.type)).toEqual(['invoice.paid']);
    expect((await deliver(events[0]!)).statusCode).toBe(200);

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
    const got = await t.app.inject({
      method: 'GET',
      url: `/api/v1/subscriptions/payments/${data.payment.id}`,
      headers: brand.headers,
    });
    expect(got.json().data).toMatchObject({ status: 'succeeded', client_secret: null });
    // Redelivered: applied once.
    expect((await deliver(events[0]!)).json()).toEqual({ received: true, duplicate: true });
    expect(await t.ctx.db.select().from(invoices).where(eq(invoices.subscriptionId, sub.id))).toHaveLength(1);
  });

  it('3-D Secure at checkout (4000 0027 6000 3184): active only once the card holder completes it', async () => {
    const brand = await createBrandOwner(t.ctx, { subscribed: false });
    const res = await subscribe(brand, 'pm_card_authenticationRequired');
    expect(res.statusCode).toBe(202);
    const payment = res.json().data.payment;
    const pi = payment.client_secret.split('_secret_')[0];
    const confirmed = fake.confirm(pi);
    expect(confirmed.body).toMatchObject({ status: 'requires_action', next_action: { type: 'use_stripe_sdk' } });
    await deliverQueued();
    expect(await subOf(brand.id)).toBeUndefined();
    // The confirm page can pick it up again: the client secret is read from the provider.
    const got = await t.app.inject({
      method: 'GET',
      url: `/api/v1/subscriptions/payments/${payment.id}`,
      headers: brand.headers,
    });
    expect(got.json().data).toMatchObject({ status: 'requires_action', client_secret: payment.client_secret });

    fake.authenticate(pi, 'complete');
    await deliverQueued();
    expect((await subOf(brand.id))!).toMatchObject({ status: 'active', cardLast4: '3184', monthsBilled: 1 });
  });

  it('a failed 3-D Secure challenge or a refused charge leaves the brand without a plan', async () => {
    const brand = await createBrandOwner(t.ctx, { subscribed: false });
    const first = (await subscribe(brand, 'pm_card_authenticationRequired')).json().data.payment;
    const pi = first.client_secret.split('_secret_')[0];
    fake.confirm(pi);
    fake.authenticate(pi, 'fail');
    expect(fake.paymentIntents.get(pi)).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { message: MSG.cardAuthenticationFailed },
    });
    await deliverQueued();
    expect(await subOf(brand.id)).toBeUndefined();

    const second = (await subscribe(brand, 'pm_card_chargeDeclinedInsufficientFunds')).json().data.payment;
    // The new checkout replaced the one left waiting, here and at the provider.
    expect(
      fake.subscriptions.get(
        fake.requests
          .findLast((r) => r.method === 'DELETE')!
          .path.split('/')
          .pop()!,
      ),
    ).toMatchObject({
      status: 'canceled',
    });
    const refused = fake.confirm(second.client_secret.split('_secret_')[0]);
    expect(refused).toMatchObject({ status: 402, body: { error: { message: MSG.cardInsufficientFunds } } });
    await deliverQueued();
    expect(await subOf(brand.id)).toBeUndefined();
    const status = await t.app.inject({ method: 'GET', url: '/api/v1/subscriptions/status', headers: brand.headers });
    expect(status.json().data).toEqual({ status: 'inexistent', plan_id: null });
  });

  it('a card refused when attached is a 422 with the provider message and nothing is stored', async () => {
    const brand = await createBrandOwner(t.ctx, { subscribed: false });
    const res = await subscribe(brand, 'pm_card_chargeDeclined');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: MSG.cardDeclined,
      code: 'card_declined',
      errors: { payment_method: [MSG.cardDeclined] },
    });
    expect(await subOf(brand.id)).toBeUndefined();
  });

  it('two checkouts at once: one payment is kept waiting, the other is canceled at the provider', async () => {
    const brand = await createBrandOwner(t.ctx, { subscribed: false });
    const before = new Set(fake.subscriptions.keys());
    const results = await Promise.all([subscribe(brand, 'pm_card_visa'), subscribe(brand, 'pm_card_mastercard')]);
    expect(results.map((r) => r.statusCode)).toEqual([202, 202]);
    const created = [...fake.subscriptions.entries()].filter(([id]) => !before.has(id)).map(([, sub]) => sub);
    expect(created).toHaveLength(2);
    const waiting = await t.ctx.db.select().from(subscriptionPayments).where(eq(subscriptionPayments.userId, brand.id));
    const open = waiting.filter((p) => p.status === 'requires_action');
    expect(open).toHaveLength(1);
    for (const sub of created) {
      expect(sub.status).toBe(sub.id === open[0]!.providerSubscriptionId ? 'incomplete' : 'canceled');
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
    await subscribeAndPay(brand, 'pm_card_mastercard');
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
    expect(forged.json()).toEqual({ message: 'Invalid signature.', code: 'invalid_webhook' });
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
    await subscribeAndPay(brand, 'pm_card_visa');
    const calls = fake.requests.slice(before);
    const after0 = (await subOf(brand.id))!;
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /v1/payment_methods/pm_card_visa/attach',
      `DELETE /v1/subscriptions/${providerSubId}`,
      'POST /v1/subscriptions',
      // The webhook reads the card of the new subscription.
      `GET /v1/subscriptions/${after0.providerSubscriptionId}`,
    ]);
    expect(calls[0]!.params.customer).toBe(sub.providerCustomerId);
    // Past the introductory months: no coupon on the new subscription.
    expect(calls[2]!.params['discounts[0][coupon]']).toBeUndefined();
    const after = (await subOf(brand.id))!;
    expect(after).toMatchObject({ id: sub.id, status: 'active', cardLast4: '4242', monthsBilled: 4 });
    expect(after.providerSubscriptionId).not.toBe(providerSubId);
    expect(fake.subscriptions.get(providerSubId)?.status).toBe('canceled');
  });

  it('a renewal that asks for 3-D Secure mails the owner a link to confirm it, once; confirming it reactivates', async () => {
    const owner = await createBrandOwner(t.ctx, { subscribed: false });
    await subscribeAndPay(owner, 'pm_card_authenticationRequired').catch(() => undefined);
    // The first payment asked for 3-D Secure too: complete it as the page would.
    const [first] = await t.ctx.db.select().from(subscriptionPayments).where(eq(subscriptionPayments.userId, owner.id));
    fake.authenticate(fake.paymentIntentOf(first!.providerInvoiceId!).id as string, 'complete');
    await deliverQueued();
    const sub = (await subOf(owner.id))!;
    expect(sub.status).toBe('active');

    const invoice = fake.renew(sub.providerSubscriptionId!);
    const events = fake.takeEvents();
    expect(events.map((e) => e.type)).toEqual(['invoice.payment_action_required', 'invoice.payment_failed']);
    for (const e of [...events, ...events]) expect((await deliver(e)).statusCode).toBe(200);
    expect((await subOf(owner.id))!.status).toBe('past_due');
    const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.email));
    expect(mails.map((m) => m.subject)).toEqual(['Confirm your Comped payment']);
    const id = /\/plans\/confirm\/(pay_[a-f0-9]+)/.exec(mails[0]!.text)![1]!;
    const got = await t.app.inject({
      method: 'GET',
      url: `/api/v1/subscriptions/payments/${id}`,
      headers: owner.headers,
    });
    const pi = fake.paymentIntentOf(invoice.id as string);
    expect(got.json().data).toMatchObject({
      kind: 'renewal',
      status: 'requires_action',
      amount_cents: 14900,
      card: { brand: 'visa', last4: '3184' },
      client_secret: pi.client_secret,
    });
    // The local challenge is not the hosted provider's: 404.
    const local = await t.app.inject({
      method: 'POST',
      url: `/api/v1/subscriptions/payments/${id}/authenticate`,
      headers: owner.headers,
      payload: { result: 'complete' },
    });
    expect(local.statusCode).toBe(404);

    // The confirm page runs Stripe.js: the bank's challenge completed, the provider reports it paid.
    fake.authenticate(pi.id as string, 'complete');
    await deliverQueued();
    const after = (await subOf(owner.id))!;
    expect(after).toMatchObject({ status: 'active', monthsBilled: 2 });
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/v1/subscriptions/payments/${id}`,
      headers: owner.headers,
    });
    expect(again.json().data).toMatchObject({ status: 'succeeded', client_secret: null });
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
