import { CATEGORY } from './campaign-kinds';

/**
 * The discovery filters' constants (decisions.md "Beyond the specification"): the query of
 * `GET influencers/{id}/campaigns` (validation/discovery.ts) and the URL of /campaigns use them.
 * Without zod, so the web's list page reads them without downloading the schema.
 */

/** The category chips of /campaigns (spec section 2's six categories). */
export const CATEGORY_LABELS: Record<number, string> = {
  [CATEGORY.itemSpotlight]: 'Item Spotlight',
  [CATEGORY.menuRefresh]: 'Menu Refresh',
  [CATEGORY.promotion]: 'Promotion',
  [CATEGORY.generalUpdates]: 'General Updates',
  [CATEGORY.opening]: 'Opening',
  [CATEGORY.singleDayEvent]: 'Single-Day Event',
};
export const CATEGORY_IDS_FOR_FILTER = Object.values(CATEGORY);

export const DISCOVERY_MILES = [5, 10, 25, 50] as const;
export const DISCOVERY_DEFAULT_MILES = 25;
export const DISCOVERY_Q_MAX = 100;

/** `filter[miles]` needs `filter[near]` (checked by the route, so the shape can extend the paging query). */
export function milesWithoutZip(q: { 'filter[near]'?: string; 'filter[miles]'?: number }): boolean {
  return q['filter[miles]'] !== undefined && q['filter[near]'] === undefined;
}
