import type { ConversationResource, MessageResource } from '../schemas/conversations';
import { conversationResourceSchema, messageResourceSchema } from '../schemas/conversations';

/**
 * Sam Media's conversation with Juniper Kitchen about a booking, as `GET conversations` lists it;
 * checked by the shared schema.
 */
export function makeConversation(over: Partial<ConversationResource> = {}): ConversationResource {
  return conversationResourceSchema.parse({
    id: 12,
    booking_id: 40,
    booking: { campaign_name: 'Spring tasting', booking_date: '2026-03-07', booking_time: '19:00' },
    brand: { id: 3, name: 'Juniper Kitchen', logo: null },
    media_user: { id: 7, name: 'Sam Media', profile_picture: null },
    last_message: { id: 101, body: 'See you soon!', sender_id: 9, sent_at: '2026-03-02T18:00:00.000Z' },
    unread: 1,
    closed: false,
    ...over,
  });
}

/** A message of conversation 12, from Sam Media (user 7) unless overridden; checked by the shared schema. */
export function makeMessage(over: Partial<MessageResource> = {}): MessageResource {
  return messageResourceSchema.parse({
    id: 100,
    conversation_id: 12,
    sender: { id: 7, name: 'Sam Media' },
    body: 'Hello!',
    sent_at: '2026-03-02T17:55:00.000Z',
    kind: 'text',
    event: null,
    ...over,
  });
}
