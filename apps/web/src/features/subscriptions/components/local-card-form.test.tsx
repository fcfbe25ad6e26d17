import { makeErrorBody } from '@comped/shared/factories/error-body';
import { makeSubscriptionPayment } from '@comped/shared/factories/subscription-payment';
import { MSG } from '@comped/shared/messages';
import { render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { formatCardNumber, formatExpiry, LocalCardForm } from './local-card-form';

const NOW = () => new Date('2026-03-10T12:00:00Z');

interface Call {
  url: string;
  body: unknown;
}
let calls: Call[];

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A fetch that answers each call with the next queued response (a function may hold it). */
function mockFetch(...answers: (Response | (() => Promise<Response>))[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const next = answers.shift();
      if (!next) throw new Error(`unexpected call ${url}`);
      return typeof next === 'function' ? next() : next;
    }),
  );
}

beforeEach(() => {
  calls = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function setup(onSubscribed = vi.fn()) {
  const user = userEvent.setup();
  render(<LocalCardForm planId={7} onSubscribed={onSubscribed} now={NOW} />);
  const fill = async (v: { name?: string; number?: string; expiry?: string; cvc?: string }) => {
    if (v.name !== undefined) await user.type(screen.getByLabelText('Cardholder name'), v.name);
    if (v.number !== undefined) await user.type(screen.getByLabelText('Card number'), v.number);
    if (v.expiry !== undefined) await user.type(screen.getByLabelText('Expiry'), v.expiry);
    if (v.cvc !== undefined) await user.type(screen.getByLabelText('Security code'), v.cvc);
  };
  const pay = () => screen.getByRole('button', { name: /pay now/i });
  return { user, fill, pay, onSubscribed };
}

const GOOD = { name: 'Ada Lovelace', number: '4242424242424242', expiry: '1230', cvc: '123' };

describe('LocalCardForm', () => {
  it('has a labelled field for each card detail and keeps Pay now disabled until all are filled', async () => {
    const { fill, pay } = setup();
    expect(screen.getByLabelText('Cardholder name')).toHaveAttribute('autocomplete', 'cc-name');
    expect(screen.getByLabelText('Card number')).toHaveAttribute('autocomplete', 'cc-number');
    expect(pay()).toBeDisabled();
    await fill({ name: 'Ada', number: '4242424242424242', expiry: '1230' });
    expect(pay()).toBeDisabled();
    await fill({ cvc: '123' });
    expect(pay()).toBeEnabled();
    // Typed digits are grouped as on the card.
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByLabelText('Expiry')).toHaveValue('12 / 30');
  });

  it("lists the provider's messages under the form and sends nothing while the card is invalid", async () => {
    mockFetch();
    const { fill, pay, user } = setup();
    await fill({ name: '   ', number: '4242424242424241', expiry: '0125', cvc: '12' });
    // A blank name counts as empty.
    expect(pay()).toBeDisabled();
    await fill({ name: 'A' });
    await user.click(pay());
    const list = await screen.findByRole('list', { name: 'Card errors' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([MSG.cardNumberInvalid, MSG.cardExpiryYearPast, MSG.cardCvcIncomplete]);
    expect(screen.getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('says when the number is incomplete or the date is in the past this year', async () => {
    mockFetch();
    const { fill, pay, user } = setup();
    await fill({ name: 'Ada', number: '4242 4242', expiry: '0226', cvc: '123' });
    await user.click(pay());
    const list = await screen.findByRole('list', { name: 'Card errors' });
    expect(within(list).getByText(MSG.cardNumberIncomplete)).toBeInTheDocument();
    expect(within(list).getByText(MSG.cardExpiryDatePast)).toBeInTheDocument();
  });

  it('creates the payment method, then the subscription, and reports success', async () => {
    mockFetch(json(201, { data: { id: 'pm_abc' } }), json(201, { data: { status: 'active', plan_id: 7 } }));
    const { fill, pay, user, onSubscribed } = setup();
    await fill(GOOD);
    await user.click(pay());
    await waitFor(() => expect(onSubscribed).toHaveBeenCalledTimes(1));
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/payment-methods', '/api/v1/subscriptions']);
    expect(calls[0]!.body).toEqual({
      cardholder_name: 'Ada Lovelace',
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
    });
    expect(calls[1]!.body).toEqual({ selected_plan: 7, payment_method: 'pm_abc' });
  });

  it('disables Pay now with progress while paying', async () => {
    let release: (r: Response) => void = () => undefined;
    mockFetch(() => new Promise<Response>((resolve) => (release = resolve)));
    const { fill, pay, user } = setup();
    await fill(GOOD);
    await user.click(pay());
    await waitFor(() => expect(pay()).toBeDisabled());
    expect(pay()).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByLabelText('Processing payment')).toBeInTheDocument();
    release(json(422, { message: MSG.cardNumberInvalid, errors: { number: [MSG.cardNumberInvalid] } }));
    await screen.findByText(MSG.cardNumberInvalid);
    expect(pay()).toBeEnabled();
  });

  it("shows the server's card error in the list and the subscription's message beneath the form", async () => {
    mockFetch(
      json(422, { message: MSG.cardExpiryYearPast, errors: { exp_year: [MSG.cardExpiryYearPast] } }),
      json(201, { data: { id: 'pm_declined' } }),
      json(422, { message: MSG.cardDeclined, errors: { payment_method: [MSG.cardDeclined] } }),
    );
    const { fill, pay, user, onSubscribed } = setup();
    await fill(GOOD);
    await user.click(pay());
    const list = await screen.findByRole('list', { name: 'Card errors' });
    expect(within(list).getByText(MSG.cardExpiryYearPast)).toBeInTheDocument();
    expect(screen.getByLabelText('Expiry')).toHaveAttribute('aria-invalid', 'true');

    await user.click(pay());
    expect(await screen.findByTestId('subscription-error')).toHaveTextContent(MSG.cardDeclined);
    expect(screen.queryByRole('list', { name: 'Card errors' })).not.toBeInTheDocument();
    expect(onSubscribed).not.toHaveBeenCalled();

    // A new attempt stopped by the card checks replaces the earlier answer.
    await user.clear(screen.getByLabelText('Card number'));
    await user.type(screen.getByLabelText('Card number'), '4242424242424241');
    await user.click(pay());
    expect(await screen.findByRole('list', { name: 'Card errors' })).toHaveTextContent(MSG.cardNumberInvalid);
    expect(screen.queryByTestId('subscription-error')).not.toBeInTheDocument();
  });
});

describe('card input formatting', () => {
  it('groups numbers as printed on the card and writes the expiry as MM / YY', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatExpiry('1230', '')).toBe('12 / 30');
    expect(formatExpiry('4', '')).toBe('04 / ');
    expect(formatExpiry('12 /', '12 / ')).toBe('1');
  });
});

describe('LocalCardForm: a card that asks for 3-D Secure', () => {
  const AUTH = { ...GOOD, number: '4000002760003184' };
  const waiting = makeSubscriptionPayment();

  it('opens the test challenge; Complete activates the plan', async () => {
    mockFetch(
      json(201, { data: { id: 'pm_auth' } }),
      json(202, { data: { status: 'inexistent', plan_id: null, payment: waiting } }),
      json(200, { data: { ...waiting, status: 'succeeded' } }),
    );
    const { fill, pay, user, onSubscribed } = setup();
    await fill(AUTH);
    await user.click(pay());
    const dialog = await screen.findByRole('dialog', { name: 'Authenticate this payment' });
    expect(within(dialog).getByText('$99')).toBeInTheDocument();
    expect(within(dialog).getByText('Visa ending in 3184')).toBeInTheDocument();
    // Not active before the challenge is answered.
    expect(onSubscribed).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(onSubscribed).toHaveBeenCalledTimes(1));
    expect(calls.map((c) => c.url)).toEqual([
      '/api/v1/payment-methods',
      '/api/v1/subscriptions',
      `/api/v1/subscriptions/payments/${waiting.id}/authenticate`,
    ]);
    expect(calls[2]!.body).toEqual({ result: 'complete' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("Fail closes the challenge and shows the provider's message beneath the form", async () => {
    mockFetch(
      json(201, { data: { id: 'pm_auth' } }),
      json(202, { data: { status: 'inexistent', plan_id: null, payment: waiting } }),
      json(
        ...makeErrorBody('card_declined', MSG.cardAuthenticationFailed, {
          payment_method: [MSG.cardAuthenticationFailed],
        }),
      ),
    );
    const { fill, pay, user, onSubscribed } = setup();
    await fill(AUTH);
    await user.click(pay());
    const dialog = await screen.findByRole('dialog', { name: 'Authenticate this payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Fail' }));
    expect(await screen.findByTestId('subscription-error')).toHaveTextContent(MSG.cardAuthenticationFailed);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Once the challenge has faded out, the form is in reach again.
    await waitFor(() => expect(pay()).toBeEnabled());
    expect(onSubscribed).not.toHaveBeenCalled();
  });
});
