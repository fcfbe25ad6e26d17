import { act, renderHook } from '@testing-library/preact';
import type { ComponentType } from 'preact';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';

import { TestRouter } from '../../../testing/test-router';
import { useDiscoveryFilters } from './use-discovery-filters';

function renderFilters(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => <TestRouter initialEntries={[url]}>{children}</TestRouter>;
  // The test renderer is typed with Preact's types, the app with React's (docs/decisions/031-preact.md).
  return renderHook(() => ({ ...useDiscoveryFilters(), search: useLocation().search }), {
    wrapper: wrapper as unknown as ComponentType<{ children: Element }>,
  });
}

describe('useDiscoveryFilters', () => {
  it('keeps both of two changes made before the page renders again (a distance, then a day)', async () => {
    const { result } = renderFilters('/campaigns?near=10001&miles=25');
    await act(() => {
      result.current.update({ miles: 5 });
      result.current.update({ date: '2026-12-02' });
    });
    expect(result.current.search).toBe('?near=10001&miles=5&date=2026-12-02');
    expect(result.current.filters).toMatchObject({ near: '10001', miles: 5, date: '2026-12-02' });
  });

  it('builds on the URL after Clear filters, not on the filters before it', async () => {
    const { result } = renderFilters('/campaigns?q=rooftop&date=2026-12-02');
    await act(() => {
      result.current.clear();
      result.current.update({ near: '10001' });
    });
    expect(result.current.search).toBe('?near=10001&miles=25');
    expect(result.current.active).toBe(true);
  });
});
