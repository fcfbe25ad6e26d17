import { MSG } from '@comped/shared/messages';
import { screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ContactBrandDialog } from './contact-brand-dialog';
import { mockFetch, renderWithProviders } from './test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
});

const brand = { id: 7, name: 'Test Bistro' };

describe('Contact Brand dialog', () => {
  it('requires a message and sends nothing without one', async () => {
    const calls = mockFetch(() => ({ status: 201, body: { data: { sent: true, conversation_id: 12 } } }));
    renderWithProviders(<ContactBrandDialog open onClose={() => undefined} userId={4} brand={brand} />);
    expect(screen.getByRole('dialog', { name: 'Contact Test Bistro' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Message/ }), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(MSG.required)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sends the message with the brand id and confirms', async () => {
    const onClose = vi.fn();
    const calls = mockFetch(() => ({ status: 201, body: { data: { sent: true, conversation_id: 12 } } }));
    renderWithProviders(<ContactBrandDialog open onClose={onClose} userId={4} brand={brand} />);
    await userEvent.type(screen.getByRole('textbox', { name: /Message/ }), 'May we visit next week?');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({
      url: '/api/v1/influencers/4/contactbrand',
      method: 'POST',
      body: { message: 'May we visit next week?', brand_id: 7 },
    });
    expect(await screen.findByText('Your message was sent to Test Bistro.')).toBeInTheDocument();
  });

  it("shows 'Error sending message.' when sending fails, and keeps the text", async () => {
    mockFetch(() => ({ status: 500, body: { message: 'boom' } }));
    renderWithProviders(<ContactBrandDialog open onClose={() => undefined} userId={4} brand={brand} />);
    await userEvent.type(screen.getByRole('textbox', { name: /Message/ }), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(MSG.errorSendingMessage)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Message/ })).toHaveValue('Hello');
  });

  it('asks before discarding a written message', async () => {
    const onClose = vi.fn();
    mockFetch(() => ({ status: 201 }));
    renderWithProviders(<ContactBrandDialog open onClose={onClose} userId={4} brand={brand} />);
    await userEvent.type(screen.getByRole('textbox', { name: /Message/ }), 'Draft text');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('dialog', { name: 'Discard your message?' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalled();
  });
});
