import { makeLocation } from '@comped/shared/factories/location';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ResponseShapeError } from '../lib/api-client';
import { stubAnswers } from '../testing/fetch';
import { getLocation, getLocations } from './locations';

afterEach(() => vi.unstubAllGlobals());

describe('locations', () => {
  it('getLocations reads the brand locations', async () => {
    const locations = [makeLocation(), makeLocation({ id: 12, name: 'Uptown' })];
    stubAnswers([200, { data: locations }]);
    await expect(getLocations()).resolves.toEqual(locations);
  });

  it('getLocations refuses a paged answer read as a list of locations without hours', async () => {
    const { hours: _hours, ...drifted } = makeLocation();
    stubAnswers([200, { data: [drifted] }]);
    await expect(getLocations()).rejects.toMatchObject({
      constructor: ResponseShapeError,
      issues: [{ path: 'response.data.0.hours' }],
    });
  });

  it('getLocation reads locations/{id}, and refuses a location without a time zone', async () => {
    const location = makeLocation();
    const fetch = stubAnswers([200, { data: location }]);
    await expect(getLocation(11)).resolves.toEqual(location);
    expect(fetch.mock.calls[0]![0]).toBe('/api/v1/locations/11');
    stubAnswers([200, { data: { ...location, time_zone: null } }]);
    await expect(getLocation(11)).rejects.toBeInstanceOf(ResponseShapeError);
  });
});
