import { describe, expect, it } from 'vitest';

import { notificationOptions, pageToOpen, pushMessageOf } from './push-notification';

const ORIGIN = 'https://comped.example';

describe('what a push shows and opens', () => {
  it('reads the message the API sends, and ignores anything else', () => {
    const m = pushMessageOf({ id: 4, title: 'Booking accepted', body: 'See you Wednesday', link: '/bookings/9/pass' });
    expect(m).toEqual({ id: 4, title: 'Booking accepted', body: 'See you Wednesday', link: '/bookings/9/pass' });
    expect(notificationOptions(m!)).toMatchObject({
      body: 'See you Wednesday',
      tag: 'notification-4',
      data: { link: '/bookings/9/pass' },
      icon: '/icons/icon-192.png',
    });
    expect(pushMessageOf(null)).toBeNull();
    expect(pushMessageOf('text')).toBeNull();
    expect(pushMessageOf({ body: 'no title' })).toBeNull();
  });

  it("opens the notification's page of the app, and never another site", () => {
    expect(pageToOpen('/bookings/9/pass', ORIGIN)).toBe(`${ORIGIN}/bookings/9/pass`);
    expect(pageToOpen('/inbox/3?x=1', ORIGIN)).toBe(`${ORIGIN}/inbox/3?x=1`);
    for (const link of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      5,
      null,
    ]) {
      expect(pageToOpen(link, ORIGIN), String(link)).toBe(`${ORIGIN}/`);
    }
  });
});
