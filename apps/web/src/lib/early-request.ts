import { LIMITS } from '@comped/shared/limits';

interface EarlyAnswer {
  status: number;
  text: string;
}
interface Early {
  token: string;
  started: number;
  answer: Promise<EarlyAnswer>;
  /** The answer once it is in, for a page that renders from it at once (takeSettledEarlyGet). */
  settled?: EarlyAnswer;
}

/** An early answer older than this is not handed out: the page asks again. */
const FRESH_MS = 10_000;
const early = new Map<string, Early>();

/**
 * Starts `GET url` (an /api/v1 URL as `apiUrl` builds it) before the page that reads it has loaded
 * its code: a route loader calls it, so the request runs beside the route's chunks instead of after
 * them (docs/performance.md, Web). The first `api()` call for the same URL and token takes the answer.
 */
export function startEarlyGet(url: string, token: string): Promise<EarlyAnswer> {
  const answer = fetch(url, {
    headers: { accept: 'application/json', authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(LIMITS.requestTimeoutMs),
  }).then(async (res) => ({ status: res.status, text: await res.text() }));
  const entry: Early = { token, started: Date.now(), answer };
  // Unhandled until someone takes it; a failure means the page simply asks again.
  answer.then(
    (settled) => {
      entry.settled = settled;
    },
    () => undefined,
  );
  early.set(url, entry);
  return answer;
}

/** The early answer for `url`, once, if it was asked with the same token and is still fresh. */
export function takeEarlyGet(url: string, token: string | undefined): Promise<EarlyAnswer> | undefined {
  const entry = early.get(url);
  if (!entry) return undefined;
  early.delete(url);
  return entry.token === token && Date.now() - entry.started < FRESH_MS ? entry.answer : undefined;
}

/**
 * The early answer for `url`, once, if it is already in (asked with the same token, still fresh),
 * with when it was asked: a page whose data arrived before its code renders it in its first pass
 * (the query's initial data) instead of one more round through the query's fetcher. Undefined while
 * the answer is still under way: the page then takes it with takeEarlyGet as usual.
 */
export function takeSettledEarlyGet(
  url: string,
  token: string | undefined,
): { answer: EarlyAnswer; started: number } | undefined {
  const entry = early.get(url);
  if (!entry?.settled) return undefined;
  early.delete(url);
  return entry.token === token && Date.now() - entry.started < FRESH_MS
    ? { answer: entry.settled, started: entry.started }
    : undefined;
}
