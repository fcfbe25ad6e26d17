import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { errorBodySchema } from '../error-codes';
import { makeBooking } from '../factories/booking';
import { makePage } from '../factories/page';
import { makePlan } from '../factories/plan';
import { dataOf, errorResponses, messageResponseSchema, pagedOf } from './envelopes';
import { bookingResourceSchema, planResourceSchema } from './resources';

function failedPaths(result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) {
  expect(result.success).toBe(false);
  return result.error?.issues.map((i) => i.path.join('.'));
}

const meta = { current_page: 1, last_page: 1, per_page: 10, total: 1 };

describe('dataOf', () => {
  it('wraps one resource, or an unpaged list', () => {
    const booking = makeBooking();
    expect(dataOf(bookingResourceSchema).parse({ data: booking })).toEqual({ data: booking });
    expect(dataOf(z.array(planResourceSchema)).parse({ data: [makePlan()] }).data).toHaveLength(1);
  });

  it('refuses a bare resource and names what is wrong inside data', () => {
    expect(failedPaths(dataOf(bookingResourceSchema).safeParse(makeBooking()))).toEqual(['data']);
    expect(
      failedPaths(dataOf(bookingResourceSchema).safeParse({ data: { ...makeBooking(), status: 'gone' } })),
    ).toEqual(['data.status']);
  });
});

describe('pagedOf', () => {
  const paged = pagedOf(bookingResourceSchema);

  it('accepts a page as the API sends it', () => {
    const page = makePage([makeBooking()]);
    expect(paged.parse(page)).toEqual(page);
  });

  it('refuses data that is not an array (the /plans crash: a page read as a list, or the reverse)', () => {
    expect(failedPaths(paged.safeParse({ data: makeBooking(), meta }))).toEqual(['data']);
    expect(failedPaths(paged.safeParse({ data: { data: [makeBooking()], meta }, meta }))).toEqual(['data']);
    expect(failedPaths(paged.safeParse([makeBooking()]))).toEqual(['']);
  });

  it('refuses a page without meta, or with meta missing a count', () => {
    expect(failedPaths(paged.safeParse({ data: [makeBooking()] }))).toEqual(['meta']);
    const { total: _total, ...partial } = meta;
    expect(failedPaths(paged.safeParse({ data: [], meta: partial }))).toEqual(['meta.total']);
  });

  it('names the item that is wrong', () => {
    const bad = { ...makeBooking(), status: 'gone' };
    expect(failedPaths(paged.safeParse({ data: [makeBooking(), bad], meta }))).toEqual(['data.1.status']);
  });
});

describe('message and error bodies', () => {
  it('parses a message-only answer', () => {
    expect(messageResponseSchema.parse({ message: 'Check your e-mail.' })).toEqual({ message: 'Check your e-mail.' });
    expect(failedPaths(messageResponseSchema.safeParse({}))).toEqual(['message']);
  });

  it('uses the one shared error body for every error status', () => {
    expect(errorResponses['4xx']).toBe(errorBodySchema);
    expect(errorResponses['5xx']).toBe(errorBodySchema);
  });
});
