import { makeSessionUser } from '@comped/shared/factories/session-user';
import type { HealthWeek } from '@comped/shared/schemas/slots';
import { screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { writeSession } from '../../../lib/session';
import { renderPage, stubFetch } from '../../../testing/render';
import { HealthPage } from './health-page';

const week = (week_start: string, requested: number, fill: number | null): HealthWeek => ({
  week_start,
  active_brands: 1,
  active_media: 3,
  live_campaigns: 6,
  bookings_requested: requested,
  bookings_accepted: 1,
  bookings_hosted: 2,
  fill_rate: fill,
  median_hours_to_answer_request: null,
  median_hours_to_approve_application: null,
  median_hours_to_approve_campaign: null,
  no_show_rate: null,
  dispute_rate: null,
  tasks_done_within_7_days: null,
});

beforeEach(() => {
  writeSession({ token: 't', user: makeSessionUser('staff') });
  const weeks = [week('2026-11-09', 2, 0.1), week('2026-11-16', 7, 0.3), week('2026-11-23', 4, 0.17)];
  stubFetch(() => [200, { data: { from: '2026-11-09', to: '2026-11-29', weeks } }]);
});
afterEach(() => vi.unstubAllGlobals());

describe('marketplace health', () => {
  it("reads each chart: the last week's value, the peak, and the weeks it spans", async () => {
    renderPage(<HealthPage />, '/admin/health');
    const requested = (await screen.findByRole('heading', { name: 'Bookings requested' })).closest(
      'div',
    )!.parentElement!;
    expect(requested).toHaveTextContent('4 last week');
    expect(requested).toHaveTextContent('peak 7');
    expect(requested).toHaveTextContent('Mon, Nov 9, 2026');
    expect(requested).toHaveTextContent('Mon, Nov 23, 2026');
    expect(
      within(requested).getByRole('img', { name: /^Bookings requested\. Mon, Nov 9, 2026: 2/ }),
    ).toBeInTheDocument();
    const fill = screen.getByRole('heading', { name: 'Fill rate' }).closest('div')!.parentElement!;
    expect(fill).toHaveTextContent('17% last week');
    // A rate's scale is 0-100%: no peak to read.
    expect(fill).not.toHaveTextContent('peak');
  });

  it('heads each week of the table with its Monday, the year shown where it starts or changes', async () => {
    const weeks = [week('2026-12-21', 2, 0.1), week('2026-12-28', 7, 0.3), week('2027-01-04', 4, 0.17)];
    stubFetch(() => [200, { data: { from: '2026-12-21', to: '2027-01-10', weeks } }]);
    renderPage(<HealthPage />, '/admin/health');
    const table = await screen.findByRole('table', { name: 'Marketplace health per week' });
    const headings = within(table).getAllByRole('columnheader');
    expect(headings.map((h) => h.textContent)).toEqual(['Week of', 'Dec 21, 2026', 'Dec 28, 2026', 'Jan 4, 2027']);
    // What a sighted user reads: the year under the first week and under the first week of 2027.
    const visibleYears = headings.map((h) => {
      const year = h.querySelector('span:last-child');
      return year && getComputedStyle(year).position !== 'absolute' ? year.textContent : null;
    });
    expect(visibleYears).toEqual([null, '2026', null, '2027']);
  });
});
