import * as crypto from 'node:crypto';

import { afterEach, describe, expect, it, vi } from 'vitest';

import { sameCode } from './visit-times';

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});

afterEach(() => vi.mocked(crypto.timingSafeEqual).mockClear());

describe('sameCode (check-in codes)', () => {
  it('tells equal codes from different ones', () => {
    expect(sameCode('ACD347', 'ACD347')).toBe(true);
    expect(sameCode('ACD346', 'ACD347')).toBe(false);
    expect(sameCode('', 'ACD347')).toBe(false);
    expect(sameCode('ACD3470', 'ACD347')).toBe(false);
  });

  it("compares through node's constant-time timingSafeEqual, over equal lengths whatever the guess's length", () => {
    for (const guess of ['ACD347', 'X', 'ACD347ACD347ACD347ACD347ACD347AC']) {
      vi.mocked(crypto.timingSafeEqual).mockClear();
      sameCode(guess, 'ACD347');
      expect(crypto.timingSafeEqual, guess).toHaveBeenCalledTimes(1);
      const [a, b] = vi.mocked(crypto.timingSafeEqual).mock.calls[0]!;
      expect((a as Buffer).length).toBe((b as Buffer).length);
    }
  });
});
