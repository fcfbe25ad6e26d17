import type { TaskResource } from '../schemas/resources';
import { taskResourceSchema } from '../schemas/resources';
import { makeBooking } from './booking';

/**
 * The open visit report (task 31) of Ann's checked-in visit to Bistro Uno, as `GET
 * influencers/{id}/tasks/{taskId}` answers it: the nested booking carries the same task as its
 * summary, as the API sends it. Checked by the shared schema.
 */
export function makeTask(over: Partial<TaskResource> = {}): TaskResource {
  const booking = makeBooking({
    checked_in_at: '2026-06-12T23:25:00.000Z',
    task: {
      id: 31,
      completed: false,
      posts: [],
      due_at: '2026-06-19T23:30:00.000Z',
      overdue: false,
      closed: false,
    },
  });
  return taskResourceSchema.parse({
    id: 31,
    completed: false,
    geolocalized: false,
    hashtagged: false,
    posted: false,
    tagged: false,
    rating: null,
    propertyOption: null,
    posts: [],
    influencer_instructions: {
      tagging_required: true,
      geotag_required: true,
      posts_required: 1,
      stories_required: 2,
      hashtags: ['bistrouno', 'summermenu'],
    },
    brand: { id: 3, name: 'Bistro Uno', logo: null },
    name: 'Visit report: Summer menu',
    booking_date: booking.booking_date,
    booking_time: booking.booking_time,
    can_complete: true,
    booking,
    ...over,
  });
}
