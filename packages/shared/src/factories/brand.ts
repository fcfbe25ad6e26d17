import type { BrandResource } from '../schemas/resources';
import { brandResourceSchema } from '../schemas/resources';
import { makeLocation } from './location';

/** Bistro Uno (brand 3) with one location, a menu and a photo, as `GET brands/{id}` answers it. */
export function makeBrand(over: Partial<BrandResource> = {}): BrandResource {
  return brandResourceSchema.parse({
    id: 3,
    name: 'Bistro Uno',
    description: 'Seasonal Italian by the harbor.',
    address: '12 Harbor St, New York, NY',
    zip: '10004',
    phones: '+1 212 555 0100',
    logo: null,
    brandType: 'Restaurant',
    socialnetworks: [{ id: 1, name: 'instagram', handle: 'bistrouno' }],
    locations: [makeLocation()],
    menus: [{ id: 2, name: 'Dinner menu.pdf', path: 'menus/3/dinner.pdf' }],
    photos: [{ id: 4, name: 'Dining room', path: 'photos/3/room.jpg', thumb_path: 'photos/3/room-thumb.webp' }],
    ...over,
  });
}
