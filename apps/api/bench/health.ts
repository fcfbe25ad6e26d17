import { TOKENS } from './seed';

/** Issue 30: `GET admin/health` (the staff's weekly marketplace figures) answers in under 300 ms at the large scale. */
const HEALTH_GOAL_MS = 300;

/** One request at a time, as staff opening /admin/health do (its default 12 weeks): p50 and the slowest of 30. */
export async function measureHealth(baseUrl: string): Promise<void> {
  const url = `${baseUrl}/api/v1/admin/health`;
  const times: number[] = [];
  let weeks = 0;
  for (let i = 0; i < 33; i += 1) {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${TOKENS.staff}` } });
    const body = (await res.json()) as { data?: { weeks?: unknown[] } };
    if (!res.ok) throw new Error(`admin/health answered ${res.status}`);
    if (i >= 3) times.push(performance.now() - t0); // the first three warm the plans and the pool
    weeks = body.data?.weeks?.length ?? 0;
  }
  times.sort((a, b) => a - b);
  const p50 = times[Math.floor(times.length / 2)]!;
  const max = times.at(-1)!;
  console.log(
    `${`staff health (${weeks} weeks)`.padEnd(40)} p50 ${p50.toFixed(0).padStart(4)} ms  ` +
      `slowest ${max.toFixed(0).padStart(4)} ms of ${times.length}  goal < ${HEALTH_GOAL_MS} ms  ${max < HEALTH_GOAL_MS ? 'PASS' : 'WARN'}`,
  );
}
