import type { ErrorCode } from '@comped/shared/error-codes';
import { defaultErrorCode, isErrorCode } from '@comped/shared/error-codes';
import { LIMITS } from '@comped/shared/limits';
import { MSG } from '@comped/shared/messages';
import type { z } from 'zod';

import type { Answer, AnswerName } from './answers/answer-schemas';
import { readSession, writeSession } from './session';

/**
 * An API error with the body's message, its stable `code` (packages/shared error-codes.ts) and, for
 * 422, the field map (decisions.md). Branch on `code`, never on the message text. Errors that never
 * reached the server (timeout, offline) have status 0 and code `network_error`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
    readonly code: ErrorCode | 'network_error' | 'unknown' = status === 0 ? 'network_error' : defaultErrorCode(status),
  ) {
    super(message);
  }
  /** The first message for a field, if the server sent one. */
  field(name: string): string | undefined {
    return this.errors[name]?.[0];
  }
  get isValidation(): boolean {
    return this.status === 422;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Multipart bodies; upload progress needs `uploadWithProgress` instead. */
  formData?: FormData;
  query?: Record<string, string | number | undefined | null>;
  signal?: AbortSignal;
}

let onUnauthenticated: () => void = () => {
  window.location.assign('/login');
};
/** The router installs its own navigation so a 401 anywhere goes to /login without a reload. */
export function setUnauthenticatedHandler(handler: () => void): void {
  onUnauthenticated = handler;
}

/** The server no longer knows the session's token (signed out elsewhere, removed from a team): to /login. */
export function signOutUnauthenticated(): void {
  writeSession(null);
  onUnauthenticated();
}

export function apiUrl(path: string, query?: RequestOptions['query']): string {
  const url = `/api/v1/${path.replace(/^\//, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

/** fetch for `/api/v1/`: bearer token, 10-second timeout, JSON, 401 clears the session. */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = readSession()?.token;
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.formData) body = opts.formData;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const url = apiUrl(path, opts.query);
  const timeout = AbortSignal.timeout(LIMITS.requestTimeoutMs);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(url, { method: opts.method ?? 'GET', headers, body, signal });
  } catch (err) {
    if ((err as Error).name === 'TimeoutError')
      throw new ApiError(0, 'The server took too long to answer. Please try again.');
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
  }
  return handleResponse<T>(res.status, await res.text(), !!token);
}

export function handleResponse<T>(status: number, text: string, hadToken: boolean): T {
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (status >= 200 && status < 300) return data as T;
  const body = (data ?? {}) as { message?: string; code?: unknown; errors?: Record<string, string[]> };
  if (status === 401 && hadToken) signOutUnauthenticated();
  // A code this build does not know yet (a newer server) falls back to the status's generic code.
  const code = isErrorCode(body.code) ? body.code : defaultErrorCode(status);
  throw new ApiError(status, body.message ?? MSG.somethingWrong, body.errors ?? {}, code);
}

/** One way a response differs from the shared schema: where (`data.0.status`) and what zod says. */
export interface ShapeIssue {
  path: string;
  message: string;
}

/**
 * The API answered with a shape the shared schema (packages/shared/src/schemas) does not accept:
 * the web app and the API disagree about the contract. That is a bug, never a user error. In
 * development and tests the message names the endpoint and every issue; in a built app that checks
 * its answers (the end-to-end runs) it is the generic "Sorry, something went wrong." (the details go
 * to the console once) and the query client lets it reach the route's error element
 * (lib/query-client.ts).
 */
export class ResponseShapeError extends Error {
  override readonly name = 'ResponseShapeError';
  constructor(
    readonly endpoint: string,
    readonly issues: ShapeIssue[],
    message = describeShapeIssues(endpoint, issues),
  ) {
    super(message);
  }
}

function describeShapeIssues(endpoint: string, issues: ShapeIssue[]): string {
  const lines = issues.slice(0, 10).map((i) => `  at ${i.path}: ${i.message}`);
  const more = issues.length > 10 ? `\n  ... and ${issues.length - 10} more` : '';
  return `${endpoint} answered a shape the shared schema does not accept:\n${lines.join('\n')}${more}`;
}

/** Development and tests fail loudly on a drifted response; elsewhere it is reported and fails politely. */
function strictShapes(): boolean {
  return import.meta.env.DEV || import.meta.env.MODE === 'test';
}

/** Where the end-to-end runs ask this build to check every answer (e2e/support/test.ts). */
export const CHECK_ANSWERS_KEY = 'comped.check-answers';

/**
 * Whether answers are checked against their schemas (lib/answers/answer-schemas.ts): in development,
 * the tests and the end-to-end runs. A user's build trusts the API, which writes every answer from the
 * same schemas, so zod and the schemas stay out of its downloads (ADR 028).
 */
function answersChecked(): boolean {
  if (strictShapes()) return true;
  try {
    return localStorage.getItem(CHECK_ANSWERS_KEY) === '1';
  } catch {
    return false;
  }
}

type AnswerSchemas = typeof import('./answers/answer-schemas').answerSchemas;
let answerSchemasLoad: Promise<AnswerSchemas> | undefined;
let answerSchemasLoaded: AnswerSchemas | undefined;

/** Loads the answers' schemas (a chunk of their own); a test awaits it before reading an answer at once. */
export function loadAnswerSchemas(): Promise<AnswerSchemas> {
  answerSchemasLoad ??= import('./answers/answer-schemas').then((m) => (answerSchemasLoaded = m.answerSchemas));
  return answerSchemasLoad;
}

/** Checks `data` (the answer of `endpoint`) against `schema`: the parsed value, or a ResponseShapeError. */
export function parseResponse<S extends z.ZodType>(endpoint: string, schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({
    path: ['response', ...i.path.map(String)].join('.'),
    message: i.message,
  }));
  if (strictShapes()) throw new ResponseShapeError(endpoint, issues);
  // A checked build outside development: a real bug to report (once, with the details), and the
  // friendly error page for the user.
  console.error(`Response shape mismatch: ${endpoint}`, issues);
  throw new ResponseShapeError(endpoint, issues, MSG.somethingWrongDot);
}

/**
 * The answer `data` of `endpoint` as the answer named `name`: checked against its schema where
 * answers are checked (a ResponseShapeError when it differs), taken as it is elsewhere.
 */
export async function readAnswer<N extends AnswerName>(endpoint: string, name: N, data: unknown): Promise<Answer<N>> {
  if (!answersChecked()) return data as Answer<N>;
  const schemas = await loadAnswerSchemas();
  return parseResponse(endpoint, schemas[name], data) as Answer<N>;
}

/**
 * `readAnswer` for a page that renders at once from an answer already in: undefined where answers
 * are checked and their schemas have not loaded yet (the caller then asks as usual), or when the
 * answer differs from its schema.
 */
export function readAnswerNow<N extends AnswerName>(endpoint: string, name: N, data: unknown): Answer<N> | undefined {
  if (!answersChecked()) return data as Answer<N>;
  if (!answerSchemasLoaded) {
    void loadAnswerSchemas();
    return undefined;
  }
  const parsed = answerSchemasLoaded[name].safeParse(data);
  return parsed.success ? (parsed.data as Answer<N>) : undefined;
}

/** `POST campaigns`: how a shape error names the request. */
export function endpointName(method: string, path: string): string {
  return `${method} ${path.replace(/^\//, '')}`;
}

/**
 * `api()` whose answer is the answer named `name` (lib/answers/answer-schemas.ts, e.g. `'campaign'`
 * for `{ data: <campaign> }`), checked where answers are checked: every fetcher uses it.
 */
export async function apiParse<N extends AnswerName>(
  path: string,
  name: N,
  opts: RequestOptions = {},
): Promise<Answer<N>> {
  const data = await api<unknown>(path, opts);
  return readAnswer(endpointName(opts.method ?? 'GET', path), name, data);
}

/** The URL of a stored file (`path` as the API returns it). */
export function fileUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (/^(https?:|data:|blob:|\/)/.test(path)) return path;
  return `/files/${path}`;
}
