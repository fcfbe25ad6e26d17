/**
 * `npm run bench`: latency and throughput of the hottest read paths over real HTTP, on embedded
 * PGlite (default) or on PostgreSQL with DATABASE_URL. Goals (printed as PASS/WARN, never a test
 * failure): GET profile p95 < 50 ms; media discovery page p95 < 150 ms with 300 campaigns.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { campaignLocations, campaigns, locations } from '../src/db/schema';
import { createBrandOwner, createUser } from '../test/factories';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

async function measure(name: string, url: string, headers: Record<string, string>, goalP95Ms: number) {
  const times: number[] = [];
  let failures = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next += 1;
        const t0 = performance.now();
        const res = await fetch(url, { headers });
        await res.arrayBuffer();
        times.push(performance.now() - t0);
        if (!res.ok) failures += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0;
  const p95 = pct(95);
  console.log(
    `${name.padEnd(28)} ${String(times.length).padStart(5)} req  ${(times.length / elapsed).toFixed(0).padStart(6)} req/s  ` +
      `p50 ${pct(50).toFixed(1)} ms  p95 ${p95.toFixed(1)} ms  p99 ${pct(99).toFixed(1)} ms  ` +
      `${failures ? `${failures} failed  ` : ''}${p95 <= goalP95Ms ? 'PASS' : 'WARN'} (goal p95 < ${goalP95Ms} ms)`,
  );
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comped-bench-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    JOB_POLL_MS: '0',
    STAFF_EMAIL: 'staff@bench.test',
    STAFF_PASSWORD: 'bench-password',
    NODE_ENV: 'test',
  });
  const app = await buildApp({ config, logger: false });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const ctx = app.ctx;

    const brand = await createBrandOwner(ctx);
    const [loc] = await ctx.db
      .insert(locations)
      .values({
        brandId: brand.brandId,
        name: 'Bench',
        address: '1 Main',
        email: 'b@b.test',
        phone: '1',
        contact: 'B',
        timeZone: 'America/New_York',
      })
      .returning();
    const rows = Array.from({ length: 300 }, (_, i) => ({
      brandId: brand.brandId,
      categoryId: 4,
      status: 'approved' as const,
      name: `Campaign ${i}`,
      description: 'Bench campaign',
      launchDate: '2026-01-01',
      expiresOn: '2099-12-31',
      target: ['influencer'],
      tierRangeInfluencer: [1, 2],
    }));
    const inserted = await ctx.db.insert(campaigns).values(rows).returning({ id: campaigns.id });
    if (loc)
      await ctx.db.insert(campaignLocations).values(inserted.map((c) => ({ campaignId: c.id, locationId: loc.id })));
    const influencer = await createUser(ctx, { role: 'influencer', tier: 1 });

    console.log(
      `database: ${ctx.database.kind}, ${REQUESTS} requests per case, concurrency ${CONCURRENCY}, ${os.cpus().length} cores`,
    );
    await measure('GET /healthz', `${base}/healthz`, {}, 20);
    await measure('GET /api/v1/profile', `${base}/api/v1/profile`, influencer.headers, 50);
    await measure(
      'GET influencer campaigns',
      `${base}/api/v1/influencers/${influencer.id}/campaigns?page[size]=10`,
      influencer.headers,
      150,
    );
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
