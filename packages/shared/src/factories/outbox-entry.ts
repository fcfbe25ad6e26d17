import type { OutboxEntry } from '../schemas/admin';
import { outboxEntrySchema } from '../schemas/admin';

/** A sent welcome mail to Jo as `GET admin/outbox` lists it; checked by the shared schema. */
export function makeOutboxEntry(over: Partial<OutboxEntry> = {}): OutboxEntry {
  return outboxEntrySchema.parse({
    id: 1,
    to: 'jo@example.test',
    subject: 'Welcome to Comped: your login credentials',
    text: 'Hi Jo,\n\nPassword: abc',
    status: 'sent',
    created_at: '2026-03-02T10:00:00.000Z',
    sent_at: '2026-03-02T10:00:05.000Z',
    ...over,
  });
}
