import type { NotificationResource } from '../schemas/notifications';
import { notificationResourceSchema } from '../schemas/notifications';

/** An unread "booking accepted" notification as `GET notifications` lists it; checked by the shared schema. */
export function makeNotification(over: Partial<NotificationResource> = {}): NotificationResource {
  return notificationResourceSchema.parse({
    id: 1,
    type: 'booking_accepted',
    title: 'Booking accepted',
    body: 'Juniper Kitchen accepted your visit on Sat, Mar 7 at 7:00 PM.',
    link: '/bookings/upcoming',
    created_at: '2026-03-02T10:00:00.000Z',
    read_at: null,
    ...over,
  });
}
