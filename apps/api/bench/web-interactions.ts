/**
 * Interaction to Next Paint of the interactions issue 31 names, scripted: Chromium on a phone-sized
 * page with the CPU slowed 4x (the Performance panel's "4x slowdown", through the DevTools protocol),
 * the page's Event Timing entries read by a PerformanceObserver installed before the app's code. A
 * run's INP is its slowest interaction (a handful of interactions: no percentile to take); the
 * median of BENCH_INP_RUNS runs (default 5) is printed against the goal, 200 ms.
 */
import type { Page } from 'playwright';

import type { Session, World } from './web';

const GOAL_MS = 200;
const PHONE = { width: 390, height: 844 };

interface Interaction {
  label: string;
  session: (world: World) => Session;
  path: (world: World) => string | null;
  /** Resolves once what the interaction needs has loaded, as it has by the time a user taps. */
  ready?: (page: Page) => Promise<void>;
  /** Performs the interaction once the page shows its content; resolves once its answer is painted. */
  run: (page: Page) => Promise<void>;
}

const INTERACTIONS: Interaction[] = [
  {
    label: "a booking card's dialog (brand /bookings, Reject)",
    session: (w) => w.brand,
    path: () => '/bookings',
    // The dialog's code loads once the cards are shown and the browser is idle (lib/lazy-dialog.tsx):
    // the tap is measured on the dialog itself, not on a page still waiting for it.
    ready: (page) =>
      page
        .waitForFunction(() =>
          performance.getEntriesByType('resource').some((e) => /\/confirm-dialog-view-[\w-]+\.js$/.test(e.name)),
        )
        .then(() => undefined),
    run: async (page) => {
      await page
        .getByRole('button', { name: /^Reject / })
        .first()
        .click();
      await page.getByRole('dialog', { name: 'Reject this booking?' }).waitFor();
    },
  },
  {
    label: 'sending a message (influencer /inbox/{id})',
    session: (w) => w.influencer,
    path: (w) => (w.conversationId === null ? null : `/inbox/${w.conversationId}`),
    run: async (page) => {
      const text = `See you at noon ${Date.now()}`;
      await page.getByRole('textbox', { name: 'Message' }).fill(text);
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByRole('list', { name: 'Messages' }).getByText(text).waitFor();
    },
  },
];

/** Installed before the app: every Event Timing entry of an interaction, kept on `window`. */
const OBSERVE = `
  window.__interactions = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.interactionId) window.__interactions.push(e.duration);
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
`;

async function inpOnce(origin: string, chrome: string, world: World, interaction: Interaction, path: string) {
  const { chromium } = await import('playwright');
  const browser = await chromium.launch({ executablePath: chrome, headless: true, args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: false });
    const session = JSON.stringify(JSON.stringify(interaction.session(world)));
    await context.addInitScript(`localStorage.setItem('comped.session', ${session});${OBSERVE}`);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.goto(`${origin}${path}`);
    await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
    await interaction.ready?.(page);
    // Slowed once the page has loaded: the goal is the interaction's, not the load's.
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.waitForTimeout(500);
    await interaction.run(page);
    // Event Timing entries arrive after the next paint.
    await page.waitForTimeout(1000);
    const durations = (await page.evaluate('window.__interactions')) as number[];
    return durations.length ? Math.max(...durations) : null;
  } finally {
    await browser.close();
  }
}

/** `npm run bench -- --web`, after Lighthouse: each interaction's INP at 4x CPU slowdown. */
export async function benchInteractions(origin: string, chrome: string, world: World): Promise<void> {
  const runs = Math.max(1, Number(process.env.BENCH_INP_RUNS ?? 5));
  for (const interaction of INTERACTIONS) {
    const path = interaction.path(world);
    if (path === null) {
      console.log(`INP, ${interaction.label}: not measured (the booking has no conversation)`);
      continue;
    }
    const all: number[] = [];
    const failed: string[] = [];
    for (let i = 0; i < runs; i += 1) {
      try {
        const inp = await inpOnce(origin, chrome, world, interaction, path);
        if (inp !== null) all.push(inp);
      } catch (err) {
        failed.push(
          String((err as Error).message)
            .split('\n')[0]!
            .slice(0, 120),
        );
      }
    }
    if (all.length === 0) {
      console.log(`INP, ${interaction.label}: not measured (${failed[0] ?? 'no interaction recorded'})`);
      continue;
    }
    const sorted = [...all].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    console.log(
      `INP at 4x CPU slowdown, ${interaction.label}: ${Math.round(median)} ms (goal <= ${GOAL_MS})  ` +
        `${median <= GOAL_MS ? 'PASS' : 'WARN'}  (runs: ${all.map(Math.round).join(', ')} ms)` +
        (failed.length ? `  (${failed.length} run(s) failed: ${failed[0]})` : ''),
    );
  }
}
