/**
 * The main thread's blocking while a signed-in page loads, observed: Chromium on a phone-sized page
 * with the CPU slowed 4x from the start (DevTools' "4x slowdown"), the page's Long Tasks read by a
 * PerformanceObserver installed before the app's code, for six seconds after the load. Printed per
 * page: the blocking time after the first contentful paint (each long task's time past 50 ms) and
 * all long tasks' time, medians of BENCH_BLOCKING_RUNS runs (default 3).
 *
 * Lighthouse's score comes from a simulation of the unthrottled load and moves by up to 15 points
 * between runs of one build on this shared machine; these figures come from the slowed load itself
 * and tell a change in the page's own work apart from that noise. No goal of their own: they are read
 * beside Lighthouse's.
 */
import type { Session, World } from './web';

const PHONE = { width: 390, height: 844 };
const SETTLE_MS = 6000;

interface Blocking {
  fcp: number;
  blocking: number;
  longTasks: number;
}

/** Installed before the app: the paints and long tasks, kept on `window`. */
const OBSERVE = `
  window.__timeline = [];
  for (const type of ['paint', 'longtask'])
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__timeline.push({ name: e.name, start: e.startTime, duration: e.duration });
    }).observe({ type, buffered: true });
`;

async function blockingOnce(origin: string, chrome: string, session: Session, path: string): Promise<Blocking> {
  const { chromium } = await import('playwright');
  const browser = await chromium.launch({ executablePath: chrome, headless: true, args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: false });
    const stored = JSON.stringify(JSON.stringify(session));
    await context.addInitScript(`localStorage.setItem('comped.session', ${stored});${OBSERVE}`);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${origin}${path}`, { waitUntil: 'load' });
    await page.waitForTimeout(SETTLE_MS);
    const timeline = (await page.evaluate('window.__timeline')) as { name: string; start: number; duration: number }[];
    const fcp = timeline.find((e) => e.name === 'first-contentful-paint')?.start ?? 0;
    const tasks = timeline.filter((e) => e.name !== 'first-paint' && e.name !== 'first-contentful-paint');
    return {
      fcp,
      blocking: tasks.filter((t) => t.start >= fcp).reduce((n, t) => n + Math.max(0, t.duration - 50), 0),
      longTasks: tasks.reduce((n, t) => n + t.duration, 0),
    };
  } finally {
    await browser.close();
  }
}

/** `npm run bench -- --web`, after Lighthouse: the signed-in pages' observed blocking at 4x. */
export async function benchBlocking(origin: string, chrome: string, world: World): Promise<void> {
  const runs = Math.max(0, Number(process.env.BENCH_BLOCKING_RUNS ?? 3));
  if (runs === 0) return;
  const pages: { label: string; session: Session; path: string }[] = [
    { label: '/campaigns', session: world.influencer, path: '/campaigns' },
    { label: 'pass', session: world.influencer, path: `/bookings/${world.acceptedBookingId}/pass` },
    { label: '/dashboard', session: world.brand, path: '/dashboard' },
    { label: '/bookings', session: world.brand, path: '/bookings' },
    { label: '/inbox', session: world.brand, path: '/inbox' },
  ];
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  for (const page of pages) {
    const all: Blocking[] = [];
    let failed = '';
    for (let i = 0; i < runs; i += 1) {
      try {
        all.push(await blockingOnce(origin, chrome, page.session, page.path));
      } catch (err) {
        failed ||= String((err as Error).message)
          .split('\n')[0]!
          .slice(0, 120);
      }
    }
    if (all.length === 0) {
      console.log(`blocking at 4x, ${page.label}: not measured (${failed})`);
      continue;
    }
    const m = (key: keyof Blocking) => Math.round(median(all.map((b) => b[key])));
    console.log(
      `blocking at 4x (observed), ${page.label.padEnd(10)} after FCP ${m('blocking')} ms, long tasks ${m('longTasks')} ms, ` +
        `FCP ${m('fcp')} ms  (median of ${all.length}: ${all.map((b) => Math.round(b.blocking)).join(', ')} ms)` +
        (failed ? `  (a run failed: ${failed})` : ''),
    );
  }
}
