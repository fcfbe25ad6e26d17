import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small local server that speaks the card provider's REST API for the calls Comped makes
 * (form-encoded requests, JSON answers, idempotency keys replayed like the real one). Test cards are
 * the provider's public test payment methods: `pm_card_visa` succeeds, `pm_card_chargeDeclined` is
 * refused when attached, `pm_card_chargeDeclinedInsufficientFunds` is refused at the first charge.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

export interface FakeStripe {
  url: string;
  requests: RecordedRequest[];
  subscriptions: Map<string, Record<string, unknown>>;
  close(): Promise<void>;
}

const CARDS: Record<string, { brand: string; last4: string; attach?: string; charge?: [string, string] }> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', attach: 'Your card was declined.' },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    charge: ['insufficient_funds', 'Your card has insufficient funds.'],
  },
};

export async function startFakeStripe(opts: { now?: () => Date; priceCents?: number; couponOffCents?: number } = {}) {
  const now = () => Math.floor((opts.now?.() ?? new Date()).getTime() / 1000);
  const requests: RecordedRequest[] = [];
  const replays = new Map<string, { status: number; body: unknown }>();
  const subscriptions = new Map<string, Record<string, unknown>>();
  let seq = 0;
  const nextId = (prefix: string) => `${prefix}_fake${(seq += 1)}`;

  const cardError = (code: string, message: string) => ({
    status: 402,
    body: { error: { type: 'card_error', code, decline_code: code, message, param: '' } },
  });

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
      const card = CARDS[p.default_payment_method ?? ''];
      if (card?.charge) return cardError(card.charge[0], card.charge[1]);
      const start = now();
      const end = start + 30 * 86400;
      const price = opts.priceCents ?? 14900;
      const amount = p['discounts[0][coupon]'] ? price - (opts.couponOffCents ?? 5000) : price;
      const id = nextId('sub');
      const invoice = {
        id: nextId('in'),
        object: 'invoice',
        status: 'paid',
        amount_paid: amount,
        amount_due: amount,
        billing_reason: 'subscription_create',
        parent: { type: 'subscription_details', subscription_details: { subscription: id } },
        lines: { object: 'list', data: [{ id: nextId('il'), period: { start, end } }] },
      };
      const sub = {
        id,
        object: 'subscription',
        status: 'active',
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
        latest_invoice: p['expand[0]'] === 'latest_invoice' ? invoice : invoice.id,
      };
      subscriptions.set(id, sub);
      return { status: 200, body: sub };
    }
    const cancel = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (method === 'DELETE' && cancel) {
      const sub = subscriptions.get(cancel[1]!);
      if (sub) sub.status = 'canceled';
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
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
