import { LIMITS } from '@comped/shared/limits';
import type { Paged } from '@comped/shared/paging';

/**
 * Campaign lists are newest first. Page 1 is read as is; later pages are pinned to the id of the
 * first campaign of page 1 (`page[before]`), so a campaign published while the user scrolls never
 * shifts later pages (no duplicates, no gaps). The staff queue is oldest first and pins with
 * `page[after]` the same way. Each next page also carries `page[cursor]`, the id of the last
 * campaign of the page before, so the server seeks to it instead of skipping every earlier page
 * (docs/performance.md); `page[number]` and `meta` stay as they were.
 */
export interface CampaignPageParam {
  page: number;
  pin?: number;
  cursor?: number;
}

export const firstCampaignPage: CampaignPageParam = { page: 1 };

export function nextCampaignPage<T extends { id: number }>(
  last: Paged<T>,
  all: Paged<T>[],
): CampaignPageParam | undefined {
  if (last.meta.current_page >= last.meta.last_page || last.data.length === 0) return undefined;
  return { page: last.meta.current_page + 1, pin: all[0]?.data[0]?.id, cursor: last.data.at(-1)?.id };
}

export function campaignPageQuery(param: CampaignPageParam, pinName: 'page[before]' | 'page[after]' = 'page[before]') {
  return {
    'page[number]': param.page,
    'page[size]': LIMITS.pageSize,
    ...(param.page > 1 && param.pin ? { [pinName]: param.pin } : {}),
    ...(param.page > 1 && param.cursor ? { 'page[cursor]': param.cursor } : {}),
  };
}
