import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';

import { useDiscoveryFilters } from './use-discovery-filters';

function renderFilters(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(() => ({ ...useDiscoveryFilters(), search: useLocation().search }), { wrapper });
}

describe('useDiscoveryFilters', () => {
  it('keeps both of two changes made before the page renders again (a distance, then a day)', () => {
    const { result } = renderFilters('/campaigns?near=10001&miles=25');
    act(() => {
      result.current.update({ miles: 5 });
      result.current.update({ date: '2026-12-02' });
    });
    expect(result.current.search).toBe('?near=10001&miles=5&date=2026-12-02');
    expect(result.current.filters).toMatchObject({ near: '10001', miles: 5, date: '2026-12-02' });
  });

  it('builds on the URL after Clear filters, not on the filters before it', () => {
    const { result } = renderFilters('/campaigns?q=rooftop&date=2026-12-02');
    act(() => {
      result.current.clear();
      result.current.update({ near: '10001' });
    });
    expect(result.current.search).toBe('?near=10001&miles=25');
    expect(result.current.active).toBe(true);
  });
});
