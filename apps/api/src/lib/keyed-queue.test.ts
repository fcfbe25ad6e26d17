import { describe, expect, it } from 'vitest';

import { KeyedQueue } from './keyed-queue';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('KeyedQueue', () => {
  it('runs the tasks of one key one at a time, in arrival order, and tells the later ones they waited', async () => {
    const q = new KeyedQueue<number>();
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const task =
      (name: string) =>
      async ({ waited }: { waited: boolean }) => {
        running += 1;
        most = Math.max(most, running);
        log.push(`${name} start${waited ? ' (waited)' : ''}`);
        await tick();
        log.push(`${name} end`);
        running -= 1;
        return name;
      };
    const results = await Promise.all([q.run(1, task('a')), q.run(1, task('b')), q.run(1, task('c'))]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(most).toBe(1);
    expect(log).toEqual(['a start', 'a end', 'b start (waited)', 'b end', 'c start (waited)', 'c end']);
  });

  it('runs different keys side by side', async () => {
    const q = new KeyedQueue<number>();
    let running = 0;
    let most = 0;
    const task = async () => {
      running += 1;
      most = Math.max(most, running);
      await tick();
      running -= 1;
    };
    await Promise.all([q.run(1, task), q.run(2, task), q.run(3, task)]);
    expect(most).toBe(3);
  });

  it('a failed task rejects its own caller only; the next one runs; idle keys are forgotten', async () => {
    const q = new KeyedQueue<string>();
    const failing = q.run('k', async () => {
      await tick();
      throw new Error('boom');
    });
    const next = q.run('k', async ({ waited }) => (waited ? 'ran after the failure' : 'did not wait'));
    await expect(failing).rejects.toThrow('boom');
    await expect(next).resolves.toBe('ran after the failure');
    await tick();
    expect(q.busyKeys).toBe(0);
    await expect(q.run('k', async ({ waited }) => waited)).resolves.toBe(false);
  });

  it('gives the tasks of one busy spell one memo, and a new one after the key was idle', async () => {
    const q = new KeyedQueue<number, string[]>(() => []);
    const seen = await Promise.all([
      q.run(1, async ({ memo }) => memo.push('a') && memo),
      q.run(1, async ({ memo }) => memo.push('b') && memo),
      q.run(2, async ({ memo }) => memo),
    ]);
    expect(seen[0]).toBe(seen[1]);
    expect(seen[1]).toEqual(['a', 'b']);
    expect(seen[2]).toEqual([]);
    await tick();
    await expect(q.run(1, async ({ memo }) => memo)).resolves.toEqual([]);
  });
});
