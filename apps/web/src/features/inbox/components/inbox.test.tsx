import { makeConversation, makeMessage } from '@comped/shared/factories/conversation';
import { makePage } from '@comped/shared/factories/page';
import { makeSessionUser } from '@comped/shared/factories/session-user';
import { MSG } from '@comped/shared/messages';
import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { startEarlyGet } from '../../../boot/early-request';
import { apiUrl, loadAnswerSchemas } from '../../../lib/api-client';
import { writeSession } from '../../../lib/session';
import type { FakeCall } from '../../../testing/render';
import { renderPage, stubFetch } from '../../../testing/render';
import { inboxPageQuery } from '../api/inbox-request';
import { InboxPage } from './inbox-page';
import { linkifyText } from './linkify-text';
import { ThreadPage } from './thread-page';

const media = makeSessionUser('influencer', { id: 7, name: 'Sam Media' });
let handler: (url: string, method: string, body: unknown) => [number, unknown];
let calls: FakeCall[] = [];
beforeEach(() => {
  writeSession({ token: 't', user: media });
  calls = stubFetch((url, method, body) => handler(url, method, body));
});
afterEach(() => vi.unstubAllGlobals());

const inboxPage = (items = [makeConversation()], unreadTotal = 1) => ({
  ...makePage(items, { per_page: 20 }),
  meta: { ...makePage(items, { per_page: 20 }).meta, unread_total: unreadTotal },
});

describe('links in a message', () => {
  it('are found in the text and only web and mail addresses become links', () => {
    expect(linkifyText('See https://x.test/a?b=1, javascript:alert(1) and www.example.com!')).toEqual([
      { text: 'See ' },
      { text: 'https://x.test/a?b=1', href: 'https://x.test/a?b=1' },
      { text: ', javascript:alert(1) and ' },
      { text: 'www.example.com', href: 'http://www.example.com' },
      { text: '!' },
    ]);
    expect(linkifyText('ftp://files.example.com')).toEqual([{ text: 'ftp://files.example.com' }]);
  });
});

describe('InboxPage', () => {
  it('renders the list in its first pass when the early answer is already in, then its rows in turn', async () => {
    handler = () => [200, inboxPage([makeConversation()])];
    // As boot/early-reads.ts asks while the code downloads; its answer is in before the page renders,
    // and so are the schemas the tests check answers against.
    await loadAnswerSchemas();
    await startEarlyGet(apiUrl('conversations', inboxPageQuery(1)), 't');
    await Promise.resolve();
    renderPage(<InboxPage />, '/inbox');
    // No waiting: the list is there as the page first renders, without a spinner; its rows follow,
    // each in a task of its own (lib/in-turn.tsx).
    const list = screen.getByRole('list', { name: 'Conversations' });
    expect(screen.queryByText('Loading conversations')).toBeNull();
    expect(await within(list).findByRole('link', { name: /Juniper Kitchen/ })).toHaveAttribute('href', '/inbox/12');
  });

  it('lists conversations with the other side, the last message and the unread count', async () => {
    handler = () => [
      200,
      inboxPage([
        makeConversation(),
        makeConversation({
          id: 13,
          brand: { id: 4, name: 'Harbor Hotel', logo: null },
          last_message: { id: 5, body: 'Thanks!', sender_id: 7, sent_at: '2026-03-01T10:00:00.000Z' },
          unread: 0,
        }),
      ]),
    ];
    renderPage(<InboxPage />, '/inbox');
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const first = await within(list).findByRole('link', { name: /Juniper Kitchen/ });
    expect(first).toHaveAttribute('href', '/inbox/12');
    expect(within(first).getByText('1 unread message')).toBeInTheDocument();
    expect(within(first).getByText('See you soon!')).toBeInTheDocument();
    // Which visit the conversation is about, so two with the same brand read apart.
    expect(within(first).getByText('Spring tasting · Sat, Mar 7, 2026 at 7:00 PM')).toBeInTheDocument();
    const second = await within(list).findByRole('link', { name: /Harbor Hotel/ });
    expect(within(second).getByText('You: Thanks!')).toBeInTheDocument();
    expect(within(second).queryByText(/unread/)).toBeNull();
    expect(calls[0]!.url).toBe('/api/v1/conversations?page%5Bnumber%5D=1&page%5Bsize%5D=20');
  });

  it("names the teammate who wrote a conversation's last message", async () => {
    writeSession({ token: 't', user: makeSessionUser('brands', { id: 9, name: 'Rosa Owner' }) });
    handler = () => [
      200,
      inboxPage([
        makeConversation({
          last_message: {
            id: 6,
            body: 'A garage on the corner.',
            sender_id: 15,
            sent_at: '2026-03-01T10:00:00.000Z',
            member_name: 'Sam Rivera',
          },
        }),
      ]),
    ];
    renderPage(<InboxPage />, '/inbox');
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(await within(list).findByText('Sam Rivera: A garage on the corner.')).toBeInTheDocument();
  });

  it('says so when there is no conversation yet', async () => {
    handler = () => [200, inboxPage([], 0)];
    renderPage(<InboxPage />, '/inbox');
    expect(await screen.findByText(MSG.noConversationsYet)).toBeInTheDocument();
  });
});

describe('ThreadPage', () => {
  const brandMessage = makeMessage({
    id: 101,
    sender: { id: 9, name: 'Juniper Kitchen' },
    body: '<b>Welcome</b> see https://juniper.test/menu or javascript:alert(1)',
    sent_at: '2026-03-02T18:00:00.000Z',
  });
  const mine = makeMessage({ id: 102, body: 'Can I bring my +1?', sent_at: '2026-03-02T18:05:00.000Z' });
  const event = makeMessage({
    id: 100,
    sender: null,
    kind: 'event',
    event: 'accepted',
    body: 'Booking accepted · Sat, Mar 7 at 7:00 PM',
  });
  let sent: unknown[] = [];
  const threadHandler =
    (opts: { hasMore?: boolean; readUpTo?: number | null; closed?: boolean } = {}) =>
    (url: string, method: string, body: unknown): [number, unknown] => {
      if (url === '/api/v1/conversations/12') return [200, { data: makeConversation({ closed: !!opts.closed }) }];
      if (url.startsWith('/api/v1/conversations/12/messages') && method === 'GET') {
        if (url.includes('page%5Bbefore%5D=100')) {
          return [
            200,
            { data: [makeMessage({ id: 90, body: 'An earlier one' })], meta: { has_more: false, read_up_to: 102 } },
          ];
        }
        return [
          200,
          { data: [event, brandMessage, mine], meta: { has_more: !!opts.hasMore, read_up_to: opts.readUpTo ?? null } },
        ];
      }
      if (url === '/api/v1/conversations/12/messages' && method === 'POST') {
        sent.push(body);
        const text = (body as { body: string }).body;
        if (text === 'too much') return [429, { message: MSG.tooManyRequests, code: 'too_many_requests' }];
        return [201, { data: makeMessage({ id: 200 + sent.length, body: text.trim() }) }];
      }
      if (url === '/api/v1/conversations/12/read') return [200, null];
      return [404, { message: 'Not found.', code: 'not_found' }];
    };
  beforeEach(() => {
    sent = [];
  });

  it('shows the booking events inline, the text as text with safe links, and "Seen" once read', async () => {
    handler = threadHandler({ readUpTo: 102 });
    renderPage(<ThreadPage conversationId={12} />, '/inbox/12');
    expect(await screen.findByRole('heading', { name: 'Juniper Kitchen' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Messages' });
    expect(within(list).getByText(/Booking accepted · Sat, Mar 7 at 7:00 PM/)).toBeInTheDocument();
    // The markup is shown as written, never rendered.
    expect(within(list).getByText(/<b>Welcome<\/b> see/)).toBeInTheDocument();
    expect(list.querySelector('b')).toBeNull();
    const link = within(list).getByRole('link', { name: 'https://juniper.test/menu' });
    expect(link).toHaveAttribute('href', 'https://juniper.test/menu');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    expect(within(list).queryByRole('link', { name: /javascript/ })).toBeNull();
    expect(within(list).getByText(/· Seen/)).toBeInTheDocument();
    // Opening the thread reads it.
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v1/conversations/12/read')).toBe(true));
    expect(document.title).toBe('Conversation with Juniper Kitchen · Comped');
  });

  it('opens at the newest message, also when the conversation answers after its messages', async () => {
    const scrolledTo: Element[] = [];
    // jsdom has no scrollIntoView: the page calls it only where a browser has it.
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolledTo.push(this);
    };
    try {
      let answerConversation = () => {};
      const conversationLate = new Promise<void>((resolve) => (answerConversation = resolve));
      const answer = threadHandler();
      calls = stubFetch(async (url, method, body) => {
        if (url === '/api/v1/conversations/12') await conversationLate;
        return answer(url, method, body);
      });
      renderPage(<ThreadPage conversationId={12} />, '/inbox/12');
      await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/v1/conversations/12/messages'))).toBe(true));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByRole('list', { name: 'Messages' })).toBeNull();
      expect(scrolledTo).toHaveLength(0);
      answerConversation();
      const list = await screen.findByRole('list', { name: 'Messages' });
      await waitFor(() => expect(scrolledTo).toHaveLength(1));
      // The end of the thread, below its last message and the composer that sticks to the bottom
      // of the screen (scrolled to the end, the newest message shows above it, not under it).
      expect(list.compareDocumentPosition(scrolledTo[0]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      const composer = screen.getByRole('form', { name: 'Write a message' });
      expect(composer.compareDocumentPosition(scrolledTo[0]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    } finally {
      if (original) Element.prototype.scrollIntoView = original;
      else delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('sends with Enter, keeps Shift+Enter for a new line, refuses an empty message, and sends a quick reply', async () => {
    handler = threadHandler();
    renderPage(<ThreadPage conversationId={12} />, '/inbox/12');
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.click(box);
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText(MSG.required)).toBeInTheDocument();
    expect(sent).toEqual([]);
    await userEvent.type(box, 'Running late{Shift>}{Enter}{/Shift}Sorry!');
    expect(box).toHaveValue('Running late\nSorry!');
    expect(sent).toEqual([]);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(sent).toEqual([{ body: 'Running late\nSorry!' }]));
    await waitFor(() => expect(box).toHaveValue(''));
    expect(await screen.findByText(/Running late/)).toBeInTheDocument();
    expect(box).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Running 10 minutes late' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ body: 'Running 10 minutes late' });
    await userEvent.type(box, 'too much{Enter}');
    expect(await screen.findByText(MSG.tooManyRequests)).toBeInTheDocument();
  });

  it('on a touch screen, whose keyboard has no Shift+Enter, starts a new line with Enter and sends with Send', async () => {
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({
          matches: query === '(pointer: coarse)',
          media: query,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          addListener: () => undefined,
          removeListener: () => undefined,
        }) as unknown as MediaQueryList,
    );
    handler = threadHandler();
    renderPage(<ThreadPage conversationId={12} />, '/inbox/12');
    const box = await screen.findByRole('textbox', { name: 'Message' });
    expect(box).toHaveAccessibleDescription('Enter starts a new line; Send sends');
    await userEvent.type(box, 'Running late{Enter}Sorry!');
    expect(box).toHaveValue('Running late\nSorry!');
    expect(sent).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toEqual([{ body: 'Running late\nSorry!' }]));
  });

  it('loads earlier messages above, and shows a closed conversation without the composer', async () => {
    handler = threadHandler({ hasMore: true, closed: true });
    renderPage(<ThreadPage conversationId={12} />, '/inbox/12');
    await userEvent.click(await screen.findByRole('button', { name: 'Load earlier messages' }));
    const list = screen.getByRole('list', { name: 'Messages' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('An earlier one'));
    expect(screen.getByText(MSG.conversationClosed)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
  });

  it("says a conversation that is not the user's was not found, without a Try again that cannot help", async () => {
    handler = () => [404, { message: 'Not found.', code: 'not_found' }];
    renderPage(<ThreadPage conversationId={99} />, '/inbox/99');
    expect(await screen.findByText('This conversation was not found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to inbox' })).toHaveAttribute('href', '/inbox');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it("shows a brand's team its side at the right: a teammate's message in a lighter bubble than the viewer's own", async () => {
    writeSession({ token: 't', user: makeSessionUser('brands', { id: 9, name: 'Rosa Owner' }) });
    // The wire names the brand for every message of its side (decisions.md); the team also reads
    // which member wrote it.
    const fromMedia = makeMessage({ id: 110, body: 'Is there parking?' });
    const fromTeammate = makeMessage({
      id: 111,
      sender: { id: 15, name: 'Juniper Kitchen', member_name: 'Sam Rivera' },
      body: 'A garage on the corner.',
    });
    const fromOwner = makeMessage({
      id: 112,
      sender: { id: 9, name: 'Juniper Kitchen', member_name: 'Rosa Owner' },
      body: 'See you at eight.',
    });
    handler = (url) => {
      if (url === '/api/v1/conversations/12') return [200, { data: makeConversation() }];
      if (url.startsWith('/api/v1/conversations/12/messages')) {
        return [200, { data: [fromMedia, fromTeammate, fromOwner], meta: { has_more: false, read_up_to: null } }];
      }
      return [200, null];
    };
    renderPage(<ThreadPage conversationId={12} />, '/inbox/12');
    const list = await screen.findByRole('list', { name: 'Messages' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => getComputedStyle(item).alignItems)).toEqual(['flex-start', 'flex-end', 'flex-end']);
    // Each item is the bubble, then its time.
    const bubble = (item: HTMLElement) => getComputedStyle(item.firstElementChild!).backgroundColor;
    expect(bubble(items[1]!)).not.toBe(bubble(items[2]!));
    expect(bubble(items[1]!)).not.toBe(bubble(items[0]!));
    expect(within(items[2]!).getByText(/^You:/)).toBeInTheDocument();
    expect(within(items[2]!).queryByText(/Rosa Owner/)).not.toBeInTheDocument();
    expect(within(items[1]!).getByText(/^Sam Rivera:/)).toBeInTheDocument();
    expect(items[1]!.lastElementChild).toHaveTextContent(/^Sam Rivera · /);
  });

  it('reports the conversation with a reason', async () => {
    handler = (url, method, body) => {
      if (url === '/api/v1/conversations/12/report') {
        sent.push(body);
        return [200, null];
      }
      return threadHandler()(url, method, body);
    };
    renderPage(<ThreadPage conversationId={12} />, '/inbox/12');
    await userEvent.click(await screen.findByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this conversation' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(within(dialog).getByText(MSG.reportReasonRequired)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'What is wrong?' }), 'Rude messages');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    await waitFor(() => expect(sent).toEqual([{ reason: 'Rude messages' }]));
    expect(await screen.findByText('Thank you. Our team will look at this conversation.')).toBeInTheDocument();
  });
});
