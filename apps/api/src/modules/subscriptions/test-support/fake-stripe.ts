import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small local server that speaks the card provider's REST API for the calls Comped makes
 * (form-encoded requests, JSON answers, idempotency keys replayed like the real one). Test cards are
 * the provider's public test payment methods: `pm_card_visa` succeeds, `pm_card_chargeDeclined` is
 * refused when attached, `pm_card_chargeDeclinedInsufficientFunds` is refused at the first charge,
 * `pm_card_authenticationRequired` (4000 0027 6000 3184) asks for 3-D Secure on every payment.
 *
 * A subscription created `default_incomplete` waits with an open invoice and its PaymentIntent, as
 * the real one does; `POST /v1/payment_intents/{id}/confirm` is the call Stripe.js makes from the
 * page, and `authenticate()` stands for the bank's 3-D Secure page. State changes are queued in
 * `events` as the provider's webhook events (the tests deliver them signed).
 */
export interface RecordedRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

type Obj = Record<string, unknown>;

export interface FakeEvent {
  id: string;
  object: 'event';
  type: string;
  api_version: string;
  created: number;
  data: { object: Obj };
}

export interface FakeStripe {
  url: string;
  requests: RecordedRequest[];
  subscriptions: Map<string, Obj>;
  invoices: Map<string, Obj>;
  paymentIntents: Map<string, Obj>;
  /** Webhook events not yet taken by the test (see `takeEvents`). */
  events: FakeEvent[];
  takeEvents(): FakeEvent[];
  /** What Stripe.js does on the page: confirms the PaymentIntent (answers as the API would). */
  confirm(paymentIntentId: string, paymentMethod?: string): { status: number; body: unknown };
  /** The bank's 3-D Secure page: the card holder completes or fails the challenge. */
  authenticate(paymentIntentId: string, result: 'complete' | 'fail'): void;
  /** The provider renews the subscription: a new invoice, paid or waiting for the card holder. */
  renew(subscriptionId: string): Obj;
  /** The PaymentIntent of an invoice. */
  paymentIntentOf(invoiceId: string): Obj;
  close(): Promise<void>;
}

const CARDS: Record<
  string,
  { brand: string; last4: string; attach?: string; charge?: [string, string]; threeDS?: boolean }
> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', attach: 'Your card was declined.' },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    charge: ['insufficient_funds', 'Your card has insufficient funds.'],
  },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', threeDS: true },
};

/** The provider's message when the card holder fails 3-D Secure. */
export const AUTHENTICATION_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

export async function startFakeStripe(opts: { now?: () => Date; priceCents?: number; couponOffCents?: number } = {}) {
  const now = () => Math.floor((opts.now?.() ?? new Date()).getTime() / 1000);
  const requests: RecordedRequest[] = [];
  const replays = new Map<string, { status: number; body: unknown }>();
  const subscriptions = new Map<string, Record<string, unknown>>();
  let seq = 0;
  const nextId = (prefix: string) => `${prefix}_fake${(seq += 1)}`;
  const invoices = new Map<string, Obj>();
  const paymentIntents = new Map<string, Obj>();
  const events: FakeEvent[] = [];
  const emit = (type: string, object: Obj) =>
    events.push({
      id: nextId('evt'),
      object: 'event',
      type,
      api_version: '2026-10-28.endive',
      created: now(),
      data: { object: structuredClone(object) },
    });
  const paymentMethodObject = (id: string) => {
    const card = CARDS[id];
    return card
      ? {
          id,
          object: 'payment_method',
          type: 'card',
          card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2034 },
        }
      : id;
  };

  /** An invoice of `sub` for [start, end), with its PaymentIntent (not yet confirmed). */
  function openInvoice(sub: Obj, amount: number, start: number, end: number, reason: string): Obj {
    const invoice: Obj = {
      id: nextId('in'),
      object: 'invoice',
      status: 'open',
      amount_paid: 0,
      amount_due: amount,
      billing_reason: reason,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
      lines: { object: 'list', data: [{ id: nextId('il'), period: { start, end } }] },
    };
    const pi: Obj = {
      id: nextId('pi'),
      object: 'payment_intent',
      amount,
      currency: 'usd',
      status: 'requires_confirmation',
      payment_method: sub.default_payment_method,
      invoice: invoice.id,
      last_payment_error: null,
      next_action: null,
    };
    pi.client_secret = `${pi.id as string}_secret_${(pi.id as string).slice(-4)}x`;
    invoices.set(invoice.id as string, invoice);
    paymentIntents.set(pi.id as string, pi);
    return invoice;
  }

  function withSecret(invoice: Obj): Obj {
    const pi = [...paymentIntents.values()].find((p) => p.invoice === invoice.id);
    return { ...invoice, confirmation_secret: pi ? { client_secret: pi.client_secret, type: 'payment_intent' } : null };
  }

  function subOfInvoice(invoice: Obj): Obj | undefined {
    const parent = invoice.parent as { subscription_details: { subscription: string } };
    return subscriptions.get(parent.subscription_details.subscription);
  }

  function succeed(pi: Obj) {
    pi.status = 'succeeded';
    pi.next_action = null;
    const invoice = invoices.get(pi.invoice as string)!;
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    const sub = subOfInvoice(invoice)!;
    sub.status = 'active';
    emit('invoice.paid', invoice);
  }

  function refuse(pi: Obj, code: string, message: string) {
    pi.status = 'requires_payment_method';
    pi.next_action = null;
    pi.last_payment_error = { type: 'card_error', code, message };
    const invoice = invoices.get(pi.invoice as string)!;
    const sub = subOfInvoice(invoice)!;
    if (sub.status === 'active') sub.status = 'past_due';
    emit('invoice.payment_failed', invoice);
  }

  /** Charges the PaymentIntent with its card: paid, refused, or waiting for 3-D Secure. */
  function attempt(pi: Obj, onSession: boolean): { status: number; body: unknown } {
    const card = CARDS[(pi.payment_method as string) ?? ''];
    if (!card)
      return { status: 400, body: { error: { type: 'invalid_request_error', message: 'No payment method.' } } };
    if (card.charge) {
      refuse(pi, card.charge[0], card.charge[1]);
      return cardError(card.charge[0], card.charge[1]);
    }
    if (card.threeDS) {
      pi.status = 'requires_action';
      pi.next_action = { type: 'use_stripe_sdk' };
      const invoice = invoices.get(pi.invoice as string)!;
      if (!onSession) {
        const sub = subOfInvoice(invoice)!;
        if (sub.status === 'active') sub.status = 'past_due';
        emit('invoice.payment_action_required', invoice);
        emit('invoice.payment_failed', invoice);
      }
      return { status: 200, body: pi };
    }
    succeed(pi);
    return { status: 200, body: pi };
  }

  const cardError = (code: string, message: string) => ({
    status: 402,
    body: { error: { type: 'card_error', code, decline_code: code, message, param: '' } },
  });

  const missing = (what: string, id: string) => ({
    status: 404,
    body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${id}'` } },
  });

  function paymentIntentOfInvoice(invoiceId: string): Obj {
    const pi = [...paymentIntents.values()].find((p) => p.invoice === invoiceId);
    if (!pi) throw new Error(`no PaymentIntent for ${invoiceId}`);
    return pi;
  }

  function confirmIntent(id: string, paymentMethod: string | undefined): { status: number; body: unknown } {
    const pi = paymentIntents.get(id);
    if (!pi) return missing('payment_intent', id);
    const sub = subOfInvoice(invoices.get(pi.invoice as string)!);
    if (pi.status === 'succeeded' || pi.status === 'canceled' || sub?.status === 'canceled') {
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `This PaymentIntent's status is ${String(pi.status)}.`,
          },
        },
      };
    }
    if (paymentMethod) pi.payment_method = paymentMethod;
    return attempt(pi, true);
  }

  function handle(method: string, path: string, p: Record<string, string>): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/customers') {
      return {
        status: 200,
        body: { id: nextId('cus'), object: 'customer', email: p.email ?? null, name: p.name ?? null },
      };
    }
    const attach = /^\/v1\/payment_methods\/([^/]+)\/attach$/.exec(path);
    if (method === 'POST' && attach) {
      const card = CARDS[attach[1]!];
      if (!card) {
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              param: 'payment_method',
              message: `No such PaymentMethod: '${attach[1]}'`,
            },
          },
        };
      }
      if (card.attach) return cardError('card_declined', card.attach);
      return {
        status: 200,
        body: {
          id: attach[1],
          object: 'payment_method',
          type: 'card',
          customer: p.customer,
          card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2034 },
        },
      };
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const incomplete = p.payment_behavior === 'default_incomplete';
      const card = CARDS[p.default_payment_method ?? ''];
      if (!incomplete && card?.charge) return cardError(card.charge[0], card.charge[1]);
      const start = now();
      const end = start + 30 * 86400;
      const price = opts.priceCents ?? 14900;
      const amount = p['discounts[0][coupon]'] ? price - (opts.couponOffCents ?? 5000) : price;
      const id = nextId('sub');
      const sub: Obj = {
        id,
        object: 'subscription',
        status: incomplete ? 'incomplete' : 'active',
        customer: p.customer,
        default_payment_method: p.default_payment_method,
        metadata: {},
        items: {
          object: 'list',
          data: [
            {
              id: nextId('si'),
              object: 'subscription_item',
              price: { id: p['items[0][price]'] },
              current_period_start: start,
              current_period_end: end,
            },
          ],
        },
      };
      subscriptions.set(id, sub);
      const invoice = openInvoice(sub, amount, start, end, 'subscription_create');
      if (!incomplete) {
        invoice.status = 'paid';
        invoice.amount_paid = amount;
        paymentIntentOfInvoice(invoice.id as string).status = 'succeeded';
      }
      sub.latest_invoice = invoice.id;
      const expand = p['expand[0]'];
      const body = {
        ...sub,
        latest_invoice:
          expand === 'latest_invoice.confirmation_secret'
            ? withSecret(invoice)
            : expand === 'latest_invoice'
              ? invoice
              : invoice.id,
      };
      return { status: 200, body };
    }
    const getInvoice = /^\/v1\/invoices\/([^/]+)$/.exec(path);
    if (method === 'GET' && getInvoice) {
      const invoice = invoices.get(getInvoice[1]!);
      if (!invoice) return missing('invoice', getInvoice[1]!);
      return { status: 200, body: p['expand[0]'] === 'confirmation_secret' ? withSecret(invoice) : invoice };
    }
    const getSub = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (method === 'GET' && getSub) {
      const sub = subscriptions.get(getSub[1]!);
      if (!sub) return missing('subscription', getSub[1]!);
      const expanded = p['expand[0]'] === 'default_payment_method';
      return {
        status: 200,
        body: expanded
          ? { ...sub, default_payment_method: paymentMethodObject(sub.default_payment_method as string) }
          : sub,
      };
    }
    const confirm = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(path);
    if (method === 'POST' && confirm) return confirmIntent(confirm[1]!, p.payment_method);
    const cancel = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (method === 'DELETE' && cancel) {
      const sub = subscriptions.get(cancel[1]!);
      if (sub) {
        sub.status = 'canceled';
        for (const pi of paymentIntents.values()) {
          if (
            invoices.get(pi.invoice as string) &&
            subOfInvoice(invoices.get(pi.invoice as string)!) === sub &&
            pi.status !== 'succeeded'
          )
            pi.status = 'canceled';
        }
        emit('customer.subscription.deleted', sub);
      }
      return { status: 200, body: { ...(sub ?? { id: cancel[1] }), status: 'canceled' } };
    }
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } },
    };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const raw = Buffer.concat(chunks).toString('utf8');
      const params = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : raw));
      const key = req.headers['idempotency-key'] as string | undefined;
      requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        params,
        idempotencyKey: key,
        authorization: req.headers.authorization,
      });
      let answer = key ? replays.get(key) : undefined;
      if (!answer) {
        answer = handle(req.method ?? 'GET', url.pathname, params);
        if (key) replays.set(key, answer);
      }
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': `req_${seq}` });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeStripe = {
    url: `http://127.0.0.1:${port}`,
    requests,
    subscriptions,
    invoices,
    paymentIntents,
    events,
    takeEvents: () => events.splice(0, events.length),
    confirm: confirmIntent,
    authenticate(id, result) {
      const pi = paymentIntents.get(id);
      if (pi?.status !== 'requires_action') throw new Error(`PaymentIntent ${id} does not wait for 3-D Secure`);
      if (result === 'complete') succeed(pi);
      else refuse(pi, 'payment_intent_authentication_failure', AUTHENTICATION_FAILED);
    },
    renew(subscriptionId) {
      const sub = subscriptions.get(subscriptionId);
      if (!sub) throw new Error(`no subscription ${subscriptionId}`);
      const item = (sub.items as { data: { current_period_end: number }[] }).data[0]!;
      const start = item.current_period_end;
      const invoice = openInvoice(sub, opts.priceCents ?? 14900, start, start + 30 * 86400, 'subscription_cycle');
      attempt(paymentIntentOfInvoice(invoice.id as string), false);
      return invoice;
    },
    paymentIntentOf: paymentIntentOfInvoice,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
