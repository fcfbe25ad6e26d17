import { vi } from 'vitest';

/** A JSON response as the API sends it (an empty body for 204 or `undefined`). */
export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined || status === 204 ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
  });
}

/**
 * Stubs fetch with one answer per call, in order (the last one repeats); returns the mock so a test
 * can read the URLs asked. Build bodies with the shared factories (@comped/shared/factories), never
 * by hand, so a stub cannot drift from the contract.
 */
export function stubAnswers(...answers: [status: number, body?: unknown][]) {
  let i = 0;
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => {
    const [status, body] = answers[Math.min(i++, answers.length - 1)] ?? [204];
    return jsonResponse(status, body);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
