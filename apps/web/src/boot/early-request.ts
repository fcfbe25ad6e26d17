import { LIMITS } from '@comped/shared/limits';

import type { Answer, AnswerName } from '../lib/answers/answer-schemas';
import type { RequestOptions } from '../lib/api-client';
import { apiParse, apiUrl, endpointName, handleResponse, readAnswer, readAnswerNow } from '../lib/api-client';
import { readSession } from '../lib/session';

interface EarlyAnswer {
  status: number;
  text: string;
}
interface Early {
  token: string;
  started: number;
  answer: Promise<EarlyAnswer>;
  /** The answer once it is in, for a page that renders from it at once (takeEarlyParsed). */
  settled?: EarlyAnswer;
}

/** An early answer older than this is not handed out: the page asks again. */
const FRESH_MS = 10_000;
const early = new Map<string, Early>();

/**
 * Starts `GET url` (an /api/v1 URL as `apiUrl` builds it) before the page that reads it has loaded
 * its code, so the request runs beside the page's chunks instead of after them. The page's fetcher
 * takes the answer with `apiParseEarly` or `takeEarlyParsed`; the generic `api()` knows nothing of it.
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
 * `apiParse` for `GET path`, taking the early answer if one was started for it (once; if it failed,
 * the request is made as usual). Either way it is read as the answer named `name`, and a 401 signs
 * out, as for any request.
 */
export async function apiParseEarly<N extends AnswerName>(
  path: string,
  name: N,
  query?: RequestOptions['query'],
): Promise<Answer<N>> {
  const token = readSession()?.token;
  const started = takeEarlyGet(apiUrl(path, query), token);
  const answer = started && (await started.catch(() => null));
  if (!answer) return apiParse(path, name, { query });
  return readAnswer(endpointName('GET', path), name, handleResponse(answer.status, answer.text, !!token));
}

/**
 * The answer of `GET path` if the early request already holds it (asked with the same token, still
 * fresh), successful and, where answers are checked, of its schema's shape: the answer and when it
 * was asked, for a query's initial data, so a page whose data arrived before its code renders it in
 * its first pass. Anything else (not asked, still under way, an error status, another shape) answers
 * undefined, and the query fetches as usual (`apiParseEarly` then takes an answer still under way),
 * where an error or a drifted shape is reported as for any request.
 */
export function takeEarlyParsed<N extends AnswerName>(
  path: string,
  name: N,
  query?: RequestOptions['query'],
): { data: Answer<N>; updatedAt: number } | undefined {
  const url = apiUrl(path, query);
  const entry = early.get(url);
  if (!entry?.settled) return undefined;
  early.delete(url);
  if (entry.token !== readSession()?.token || Date.now() - entry.started >= FRESH_MS) return undefined;
  if (entry.settled.status !== 200) return undefined;
  try {
    const data = readAnswerNow(endpointName('GET', path), name, JSON.parse(entry.settled.text));
    return data === undefined ? undefined : { data, updatedAt: entry.started };
  } catch {
    return undefined;
  }
}

/**
 * A query's `initialData` and `initialDataUpdatedAt` from the early answer of `GET path`
 * (takeEarlyParsed, taken once), in the query's shape: the page renders its data in its first pass
 * when the answer came in with its code (main.tsx waits for both). Called by TanStack Query only
 * when the query is created in the cache, a first visit.
 */
export function earlyInitialData<N extends AnswerName, T>(
  path: string,
  name: N,
  query: RequestOptions['query'],
  shape: (answer: Answer<N>) => T,
): { initialData: () => T | undefined; initialDataUpdatedAt: () => number | undefined } {
  let taken: { data: T; updatedAt: number } | undefined;
  let asked = false;
  const take = () => {
    if (!asked) {
      asked = true;
      const early = takeEarlyParsed(path, name, query);
      taken = early && { data: shape(early.data), updatedAt: early.updatedAt };
    }
    return taken;
  };
  return { initialData: () => take()?.data, initialDataUpdatedAt: () => take()?.updatedAt };
}
