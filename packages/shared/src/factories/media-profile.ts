import type { MediaProfileResource } from '../schemas/resources';
import { mediaProfileResourceSchema } from '../schemas/resources';
import { makeMediaUserSummary } from './media-user-summary';

/**
 * `GET influencers/{id}` as the user themself reads it (with e-mail and reliability). For the
 * brand's view pass `{ email: undefined }`; checked by the shared schema.
 */
export function makeMediaProfile(over: Partial<MediaProfileResource> = {}): MediaProfileResource {
  return mediaProfileResourceSchema.parse({
    ...makeMediaUserSummary(),
    email: 'ann@example.test',
    press_places: [],
    reliability: { percent: 96, visits: 24 },
    ...over,
  });
}
