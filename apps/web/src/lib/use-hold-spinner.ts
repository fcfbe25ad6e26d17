import { useDeferredValue } from 'react';

/**
 * Whether a page still holds its spinner after its reads answered: true for the one urgent render
 * after `pending` turns false, then the content replaces the spinner in a background render, which
 * React cuts into slices of a few milliseconds. TanStack Query delivers answers as synchronous
 * updates, so without this a page's whole content renders in one task (300-600 ms on a phone:
 * Chromium at 4x CPU slowdown), during which a tap waits. Use as `query.isPending || holding`.
 */
export function useHoldSpinner(pending: boolean): boolean {
  return useDeferredValue(pending);
}
