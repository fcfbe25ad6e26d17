import { formatTime12 } from '@comped/shared/time';

import { renderMail } from '../mail/mail.layout';
import type { OutgoingMail } from '../mail/queue-mail';

export interface TaskCompletedMail {
  to: string;
  brandName: string;
  mediaName: string;
  mediaType: 'influencer' | 'journalist';
  campaignName: string;
  bookingDate: string;
  bookingTime: string;
  posts: { type: 'post' | 'story'; link: string }[];
  rating: number | null;
  propertyOption: string | null;
  bookingsUrl: string;
}

/** "Task completed" to the brand owner (decisions.md, Delivery). */
export function taskCompletedMail(m: TaskCompletedMail): OutgoingMail {
  const paragraphs =
    m.mediaType === 'influencer'
      ? [
          `${m.mediaName} has completed the task for your campaign "${m.campaignName}" and confirms that all requirements are complete.`,
        ]
      : [`${m.mediaName} has completed the task for your campaign "${m.campaignName}".`];
  const details: [string, string][] = [
    ['Campaign', m.campaignName],
    ['Visit', `${m.bookingDate} at ${formatTime12(m.bookingTime)}`],
  ];
  m.posts.filter((p) => p.type === 'post').forEach((p, i) => details.push([`Post ${i + 1}`, p.link]));
  const stories = m.posts.filter((p) => p.type === 'story').length;
  if (stories > 0) details.push(['Stories posted', String(stories)]);
  if (m.propertyOption) details.push(['Coverage', m.propertyOption]);
  if (m.rating != null) details.push(['Rating', `${m.rating} / 5`]);
  const body = renderMail({
    greeting: `Hello ${m.brandName},`,
    paragraphs,
    details,
    action: { label: 'See your bookings', url: m.bookingsUrl },
  });
  return { to: m.to, subject: `Task completed: ${m.mediaName} for ${m.campaignName}`, ...body };
}
