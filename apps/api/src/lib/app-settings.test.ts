import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TestApp } from '../../test/test-app';
import { createTestApp } from '../../test/test-app';
import { ensureSetting } from './app-settings';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('ensureSetting', () => {
  it('gives every caller the value of the one that stored it, however many ask at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => ensureSetting(t.ctx.db, 'race-test', () => ({ made: `by ${i}` }))),
    );
    expect(answers.filter((a) => a.created)).toHaveLength(1);
    const stored = answers.find((a) => a.created)!.value;
    expect(answers.every((a) => a.value.made === stored.made)).toBe(true);
    expect(await ensureSetting(t.ctx.db, 'race-test', () => ({ made: 'later' }))).toEqual({
      value: stored,
      created: false,
    });
  });
});
