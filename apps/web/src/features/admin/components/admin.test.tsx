import { makeAnalytics } from '@comped/shared/factories/analytics';
import { makeBooking } from '@comped/shared/factories/booking';
import { makeConversation, makeMessage } from '@comped/shared/factories/conversation';
import { makeMediaApplication } from '@comped/shared/factories/media-application';
import { makeOutboxEntry } from '@comped/shared/factories/outbox-entry';
import { makePage } from '@comped/shared/factories/page';
import { MSG } from '@comped/shared/messages';
import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { FakeCall } from '../../../testing/render';
import { renderPage, stubFetch } from '../../../testing/render';
import { AnalyticsPage } from './analytics-page';
import { ApplicationsPage } from './applications-page';
import { DisputesPage } from './disputes-page';
import { OutboxPage } from './outbox-page';
import { ReportsPage } from './reports-page';

const application = makeMediaApplication();

let handler: (url: string, method: string, body: unknown) => [number, unknown];
let calls: FakeCall[] = [];
beforeEach(() => {
  calls = stubFetch((url, method, body) => handler(url, method, body));
});
afterEach(() => vi.unstubAllGlobals());

describe('ApplicationsPage', () => {
  it('shows the pending applications and approves one with a tier after confirming', async () => {
    let pending = [application];
    handler = (url, method) => {
      if (method === 'POST') {
        pending = [];
        return [
          200,
          {
            data: makeMediaApplication({
              status: 'approved',
              tier: 3,
              user_id: 12,
              reviewed_at: '2026-03-03T09:00:00.000Z',
            }),
          },
        ];
      }
      return [200, makePage(url.includes('pending') ? pending : [])];
    };
    renderPage(<ApplicationsPage />, '/admin');
    const card = await screen.findByRole('article', { name: 'Jo Writer' });
    expect(within(card).getByText('City Eats')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'https://cityeats.test/a' })).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Approve Jo Writer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Jo Writer?' });
    // Confirming without a tier asks for one.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(within(dialog).getByText(MSG.required)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Tier/ }));
    await userEvent.click(await screen.findByRole('option', { name: /^Tier 3/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(/Jo Writer was approved/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      url: '/api/v1/admin/applications/5/approve',
      method: 'POST',
      body: { tier: 3 },
    });
    expect(await screen.findByText('No pending applications.')).toBeInTheDocument();
    // The card and its button are gone, and none is left: the keyboard is on the page's heading, not
    // back at the page's start.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Applications', level: 1 })).toHaveFocus());
  });

  it('requires a reason to reject, then sends it', async () => {
    handler = (url, method) =>
      method === 'POST'
        ? [
            200,
            {
              data: makeMediaApplication({
                status: 'rejected',
                reason: 'Audience too small for now.',
                reviewed_at: '2026-03-03T09:00:00.000Z',
              }),
            },
          ]
        : [200, makePage([application])];
    renderPage(<ApplicationsPage />, '/admin');
    await userEvent.click(await screen.findByRole('button', { name: 'Reject Jo Writer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Jo Writer?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText(MSG.required)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/^Reason/), 'Audience too small for now.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Audience too small for now.' });
  });

  it('asks for the next page with the cursor of the last application shown (page[cursor])', async () => {
    const first = Array.from({ length: 10 }, (_, i) =>
      makeMediaApplication({ id: 11 + i, name: `Writer ${11 + i}`, email: `w${11 + i}@example.test` }),
    );
    const second = [makeMediaApplication({ id: 40, name: 'Writer 40', email: 'w40@example.test' })];
    handler = (url) =>
      decodeURIComponent(url).includes('page[number]=2')
        ? [200, makePage(second, { current_page: 2, per_page: 10, total: 11 })]
        : [200, makePage(first, { total: 11 })];
    renderPage(<ApplicationsPage />, '/admin');
    await screen.findByRole('article', { name: 'Writer 20' });
    expect(decodeURIComponent(calls[0]!.url)).not.toContain('page[cursor]');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Writer 40' })).toBeInTheDocument();
    expect(decodeURIComponent(calls.at(-1)!.url)).toContain('page[number]=2');
    expect(decodeURIComponent(calls.at(-1)!.url)).toContain('page[cursor]=20');
  });

  it('shows an error state with a retry', async () => {
    handler = () => [500, { message: 'down' }];
    renderPage(<ApplicationsPage />, '/admin', '/admin?status=rejected');
    expect(await screen.findByText("Sorry, we couldn't load the applications.")).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Rejected' })).toHaveAttribute('aria-selected', 'true');
    expect(calls[0]?.url).toContain('filter%5Bstatus%5D=rejected');
    handler = () => [200, makePage([makeMediaApplication({ status: 'rejected', reason: 'Too small.' })])];
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Jo Writer' })).toBeInTheDocument();
  });
});

describe('OutboxPage', () => {
  it('lists mails and opens one to its text', async () => {
    handler = () => [
      200,
      makePage([
        makeOutboxEntry({
          to: 'jo@example.test',
          subject: 'Welcome to Comped: your login credentials',
          text: 'Hi Jo,\n\nPassword: abc',
          status: 'sent',
        }),
      ]),
    ];
    renderPage(<OutboxPage />, '/admin/outbox');
    const summary = await screen.findByRole('button', { name: /Welcome to Comped/ });
    expect(within(summary).getByText('sent')).toBeInTheDocument();
    await userEvent.click(summary);
    expect(await screen.findByText(/Password: abc/)).toBeInTheDocument();
  });

  it('has an empty state', async () => {
    handler = () => [200, makePage([])];
    renderPage(<OutboxPage />, '/admin/outbox');
    expect(await screen.findByText('No mails yet.')).toBeInTheDocument();
  });
});

describe('DisputesPage', () => {
  it('loads the next page of disputes with Load more', async () => {
    const disputed = (id: number, name: string) =>
      makeBooking({
        id,
        status: 'no_show',
        influencer: { ...makeBooking().influencer, name },
        dispute: { note: 'I was there.', disputed_at: '2026-03-03T09:00:00.000Z', outcome: null, settled_at: null },
      });
    handler = (url) =>
      decodeURIComponent(url).includes('page[number]=2')
        ? [200, makePage([disputed(31, 'Page Two Writer')], { current_page: 2, last_page: 2, per_page: 20, total: 21 })]
        : [200, makePage([disputed(30, 'Page One Writer')], { last_page: 2, per_page: 20, total: 21 })];
    renderPage(<DisputesPage />, '/admin/disputes');
    expect(await screen.findByRole('heading', { name: /Page One Writer/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('heading', { name: /Page Two Writer/ })).toBeInTheDocument();
  });
});

describe('AnalyticsPage', () => {
  it('shows counts per day and totals', async () => {
    handler = () => [
      200,
      makeAnalytics([
        { day: '2026-03-01', name: 'brand_sign_up', count: 2 },
        { day: '2026-03-02', name: 'booking_request', count: 4 },
      ]),
    ];
    renderPage(<AnalyticsPage />, '/admin/analytics');
    const table = await screen.findByRole('table', { name: 'Events per day' });
    const row = within(table).getByRole('row', { name: /2026-03-02/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['0', '0', '4', '0', '0']);
    expect(within(table).getByRole('row', { name: /Total/ })).toHaveTextContent('Total20400');
    expect(calls[0]?.url).toMatch(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
  });
});

describe('ReportsPage', () => {
  it('shows a reported conversation with its messages as text, and closes it after confirming', async () => {
    const { unread: _unread, ...conversation } = makeConversation();
    const report = {
      id: 3,
      conversation,
      reason: 'Rude messages',
      reporter: { id: 7, name: 'Sam Media' },
      created_at: '2026-03-02T12:00:00.000Z',
      messages: [makeMessage({ body: '<script>alert(1)</script> hello' })],
    };
    let closed = false;
    handler = (url, method) => {
      if (method === 'POST') {
        closed = true;
        return [200, null];
      }
      const open = url.includes('open');
      return [200, makePage(open && !closed ? [report] : [])];
    };
    renderPage(<ReportsPage />, '/admin/reports');
    expect(await screen.findByRole('heading', { name: 'Sam Media and Juniper Kitchen' })).toBeInTheDocument();
    expect(screen.getByText('Reported by Sam Media', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('<script>alert(1)</script> hello')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close conversation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close this conversation?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close conversation' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')!.url).toBe('/api/v1/admin/conversations/12/close'),
    );
    expect(await screen.findByText('No open reports.')).toBeInTheDocument();
  });
});
