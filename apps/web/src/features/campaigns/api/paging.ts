import { LIMITS } from '@comped/shared/limits';
import type { Paged } from '@comped/shared/paging';

/**
 * Campaign lists are newest first. Page 1 is read as is; later pages are pinned to the newest
 * campaign of page 1 (`page[before]`), so a campaign published while the user scrolls never shifts
 * later pages (no duplicates, no gaps). The newest, not the first: discovery's page 1 starts with
 * the campaigns the user was invited to outside their tier, whatever their age. The staff queue is
 * oldest first and pins to the oldest of page 1 with `page[after]` the same way. Each next page also
 * carries `page[cursor]`, the id of the last campaign of the page before, so the server seeks to it
 * instead of skipping every earlier page (docs/performance.md); `page[number]` and `meta` stay as
 * they were.
 */
export interface CampaignPageParam {
  page: number;
  pin?: number;
  cursor?: number;
}

export const firstCampaignPage: CampaignPageParam = { page: 1 };

/** The page after `last` of a list whose pin is `pinOf` page 1's ids; undefined once the list is done. */
function nextPinnedPage(pinOf: (ids: number[]) => number) {
  return <T extends { id: number }>(last: Paged<T>, all: Paged<T>[]): CampaignPageParam | undefined => {
    if (last.meta.current_page >= last.meta.last_page || last.data.length === 0) return undefined;
    const first = all[0]?.data ?? [];
    return {
      page: last.meta.current_page + 1,
      pin: first.length > 0 ? pinOf(first.map((c) => c.id)) : undefined,
      cursor: last.data.at(-1)?.id,
    };
  };
}

/** A list read newest first (discovery, a brand's campaigns): pinned to page 1's newest campaign. */
export const nextCampaignPage = nextPinnedPage((ids) => Math.max(...ids));

/** The staff review queue, oldest first: pinned to page 1's oldest campaign. */
export const nextQueuePage = nextPinnedPage((ids) => Math.min(...ids));

export function campaignPageQuery(param: CampaignPageParam, pinName: 'page[before]' | 'page[after]' = 'page[before]') {
  return {
    'page[number]': param.page,
    'page[size]': LIMITS.pageSize,
    ...(param.page > 1 && param.pin ? { [pinName]: param.pin } : {}),
    ...(param.page > 1 && param.cursor ? { 'page[cursor]': param.cursor } : {}),
  };
}
