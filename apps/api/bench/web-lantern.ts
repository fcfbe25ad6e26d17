import fs from 'node:fs';

/**
 * Which of a page's main-thread tasks make Lighthouse's Total Blocking Time, read from one run's
 * trace and DevTools log (`--save-assets`) with Lighthouse's own simulation (Lantern).
 *
 * The simulation replays the observed load on the slow phone: each task lasts four times as long (a
 * task that lays out, twice) and starts when the requests it waits for have arrived on the slow
 * network. A task blocks for what it lasts beyond 50 ms between the simulated first paint and the
 * time to interactive, so any task of more than 12.5 ms observed (25 ms with a layout) counts once
 * the page's scripts are in. The simulated first paint waits for the document, its stylesheets and
 * scripts, and the first parse, layout and paint, but for none of a module script's work: the
 * entry's evaluation and the first render come after it.
 */

interface CpuNode {
  type: 'cpu';
  event: { ts: number; dur: number };
  childEvents: { name: string; dur?: number }[];
}
interface Timing {
  startTime: number;
  endTime: number;
  duration: number;
}
interface Estimate {
  timeInMs: number;
  nodeTimings: Map<CpuNode | { type: 'network' }, Timing>;
}
interface LanternResult {
  timing: number;
  optimisticEstimate: Estimate;
  pessimisticEstimate: Estimate;
}
type Computed = { request(data: unknown, context: unknown): Promise<LanternResult> };

/** Lighthouse's computed metrics are internal modules: named at run time, typed here by what is read. */
async function metric(file: string, name: string): Promise<Computed> {
  const specifier = `lighthouse/core/computed/metrics/${file}.js`;
  return ((await import(specifier)) as Record<string, Computed>)[name]!;
}

/**
 * What a task mostly did, by its longest kind of work. A page's render runs in promise callbacks (a
 * query's answer, a lazy part's code) or in a timer's; which component rendered, the trace does not say.
 */
const KINDS: Record<string, string> = {
  'v8.evaluateModule': 'module evaluation',
  EvaluateScript: 'script evaluation',
  RunMicrotasks: 'promise callbacks',
  TimerFire: 'a timer',
  FireAnimationFrame: 'an animation frame',
  FunctionCall: 'a callback',
  EventDispatch: 'an event',
  ParseHTML: 'HTML parsing',
  'v8.compileModule': 'compiling',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  Paint: 'painting',
};

function kindOf(node: CpuNode): string {
  const time = new Map<string, number>();
  for (const e of node.childEvents) if (KINDS[e.name]) time.set(e.name, (time.get(e.name) ?? 0) + (e.dur ?? 0));
  const top = [...time].sort((a, b) => b[1] - a[1])[0];
  return top ? KINDS[top[0]]! : 'browser';
}

export interface BlockingTask {
  /** Observed start, from navigation, and observed length, in ms. */
  start: number;
  observed: number;
  /** Its share of Lighthouse's TBT: the mean of the optimistic and pessimistic estimates, in ms. */
  blocking: number;
  kind: string;
}

/** The tasks that make a run's simulated TBT, largest first, with the TBT they add up to. */
export async function blockingTasks(base: string, url: string): Promise<{ tbt: number; tasks: BlockingTask[] }> {
  const trace = JSON.parse(fs.readFileSync(`${base}-0.trace.json`, 'utf8')) as {
    traceEvents: {
      name: string;
      ts: number;
      args?: { data?: { isLoadingMainFrame?: boolean; documentLoaderURL?: string } };
    }[];
  };
  const devtoolsLog = JSON.parse(fs.readFileSync(`${base}-0.devtoolslog.json`, 'utf8')) as unknown[];
  const { defaultSettings } = (await import('lighthouse/core/config/constants.js' as string)) as {
    defaultSettings: Record<string, unknown>;
  };
  const data = {
    trace,
    devtoolsLog,
    gatherContext: { gatherMode: 'navigation' },
    settings: defaultSettings,
    simulator: null,
    URL: { requestedUrl: url, mainDocumentUrl: url, finalDisplayedUrl: url },
    SourceMaps: [],
    HostDPR: 1,
  };
  const context = { computedCache: new Map() };
  const fcp = await (
    await metric('lantern-first-contentful-paint', 'LanternFirstContentfulPaint')
  ).request(data, context);
  const tti = await (await metric('lantern-interactive', 'LanternInteractive')).request(data, context);
  const tbt = await (await metric('lantern-total-blocking-time', 'LanternTotalBlockingTime')).request(data, context);
  const navigation = trace.traceEvents.find(
    (e) =>
      e.name === 'navigationStart' &&
      e.args?.data?.isLoadingMainFrame &&
      e.args.data.documentLoaderURL?.startsWith('http'),
  )!.ts;
  // Lighthouse's windows (TotalBlockingTime.getEstimateFromSimulation): the optimistic estimate
  // counts from the pessimistic first paint to the optimistic time to interactive, and the other way round.
  const windows = [
    { estimate: tbt.optimisticEstimate, from: fcp.pessimisticEstimate.timeInMs, to: tti.optimisticEstimate.timeInMs },
    { estimate: tbt.pessimisticEstimate, from: fcp.optimisticEstimate.timeInMs, to: tti.pessimisticEstimate.timeInMs },
  ];
  const byNode = new Map<CpuNode, number>();
  for (const { estimate, from, to } of windows)
    for (const [node, t] of estimate.nodeTimings) {
      if (node.type !== 'cpu' || t.duration < 50) continue;
      const clipped = Math.min(t.endTime, to) - Math.max(t.startTime, from);
      if (clipped > 50) byNode.set(node, (byNode.get(node) ?? 0) + (clipped - 50) / 2);
    }
  const tasks = [...byNode]
    .map(([node, blocking]) => ({
      start: (node.event.ts - navigation) / 1000,
      observed: node.event.dur / 1000,
      blocking,
      kind: kindOf(node),
    }))
    .sort((a, b) => b.blocking - a.blocking);
  return { tbt: tbt.timing, tasks };
}

/** One line: the largest tasks of a run's TBT, as "501 from a 138 ms task of promise callbacks at 546 ms". */
export function describeBlocking({ tbt, tasks }: { tbt: number; tasks: BlockingTask[] }, shown = 4): string {
  const rest = tasks.slice(shown).reduce((n, t) => n + t.blocking, 0);
  return (
    `TBT ${Math.round(tbt)} ms: ` +
    tasks
      .slice(0, shown)
      .map(
        (t) =>
          `${Math.round(t.blocking)} from a ${t.observed.toFixed(0)} ms task of ${t.kind} at ${t.start.toFixed(0)} ms`,
      )
      .join(', ') +
    (tasks.length > shown ? `, ${Math.round(rest)} from ${tasks.length - shown} more` : '')
  );
}
