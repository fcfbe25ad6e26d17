import type { ConversationResource } from '@comped/shared/schemas/conversations';
import type { SessionUser } from '@comped/shared/schemas/session';
import { clockTime, formatDay, formatTime12, monthDay, weekdayShort } from '@comped/shared/time';

import { fileUrl } from '../../../lib/api-client';

/** Who the user talks to in a conversation: the brand for a media user, the media user for a brand. */
export function otherParty(conversation: ConversationResource, user: SessionUser): { name: string; picture?: string } {
  return user.profile.type === 'brands'
    ? { name: conversation.media_user.name, picture: fileUrl(conversation.media_user.profile_picture) }
    : { name: conversation.brand.name, picture: fileUrl(conversation.brand.logo) };
}

/** "3:05 PM" today, "Mon 3:05 PM" this week, "Jun 6" before. */
export function formatSentAt(iso: string, now = new Date()): string {
  const d = new Date(iso);
  const time = clockTime(d);
  if (d.toDateString() === now.toDateString()) return time;
  if (now.getTime() - d.getTime() < 6 * 86400_000) return `${weekdayShort(d)} ${time}`;
  return monthDay(d);
}

/** What a booking's conversation is about ("Spring menu · Sat, Nov 28, 2026 at 7:30 PM"); null without a booking. */
export function visitOf(conversation: ConversationResource): string | null {
  const b = conversation.booking;
  return b ? `${b.campaign_name} · ${formatDay(b.booking_date)} at ${formatTime12(b.booking_time)}` : null;
}
