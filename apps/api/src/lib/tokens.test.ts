import { describe, expect, it } from 'vitest';

import { newTemporaryPassword } from './tokens';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

describe('newTemporaryPassword', () => {
  it('is 16 characters of the unambiguous alphabet', () => {
    for (let i = 0; i < 100; i++) expect(newTemporaryPassword()).toMatch(/^[A-HJ-NP-Za-km-np-z2-9]{16}$/);
  });

  it('draws every character of the alphabet equally often (no modulo bias)', () => {
    const counts = new Map<string, number>();
    const passwords = 20_000;
    for (let i = 0; i < passwords; i++) {
      for (const c of newTemporaryPassword()) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    const total = passwords * 16;
    // A byte modulo 56 gives the first 32 characters 5/256 each and the last 24 only 4/256: the last 24
    // would hold 37.5% of all characters instead of 24/56 = 42.9%. The margin is over ten standard
    // deviations of a uniform draw, so the test does not flake.
    const lastShare = [...ALPHABET.slice(32)].reduce((n, c) => n + (counts.get(c) ?? 0), 0) / total;
    expect(Math.abs(lastShare - 24 / 56)).toBeLessThan(0.01);
    // And no single character strays far from 1/56 (each count's standard deviation is about 75).
    for (const c of ALPHABET) expect(Math.abs((counts.get(c) ?? 0) - total / 56), c).toBeLessThan(600);
  });
});
