import { useDeferredValue } from 'react';

/**
 * Whether a page still holds its spinner after its reads answered. With React: true for the one
 * urgent render after `pending` turns false, then the content replaces the spinner in a background
 * render that React cuts into slices of a few milliseconds. The app runs on Preact (ADR 031), whose
 * `useDeferredValue` returns its value at once: the content renders as soon as the reads are in, in
 * one task. A variant that held the spinner until the next paint made the largest paint later and
 * the blocking no shorter (docs/performance.md, "Preact"). Use as `query.isPending || holding`.
 */
export function useHoldSpinner(pending: boolean): boolean {
  return useDeferredValue(pending);
}
