import { lazyPartsOf } from '../app/route-modules';
import { pageRedirect } from '../lib/route-guard';
import { readSession } from '../lib/session';
import { startEarlyCampaigns } from './early-campaigns';
import { startEarlyReads } from './early-reads';
import { pageOf } from './page-of-path';

/**
 * The first code the entry runs: main.tsx imports this module before React, so its body runs before
 * React DOM, MUI and the router are evaluated and before the first render: on a phone that is a
 * noticeable stretch of CPU in which the network would otherwise stand idle. From here:
 * - a media user's /campaigns asks for its first page (boot/early-campaigns.ts); /inbox, the
 *   bookings tabs, the visit pass and the brand dashboard ask for their first reads (boot/early-reads.ts);
 * - the current page's lazy parts (the query route, the signed-in shell, the page, with the chunks
 *   they import) start downloading, where the route guard will let the visitor stay (config/paths.ts
 *   says who may see which page). The router asks for the same chunks when it starts and gets the
 *   downloads already under way.
 * Nothing in boot/ may import React, MUI or the router (eslint.config.js): that would make them run first.
 */
function startEarly(location: Location): Promise<unknown> {
  const session = readSession();
  const user = session?.user ?? null;
  const campaigns = startEarlyCampaigns(location);
  // Where the router will show: a path it does not know goes to /login, and the guard may send the user on.
  const asked = pageOf(location.pathname) ?? 'login';
  const redirect = pageRedirect(asked, user);
  const landing = redirect === null ? asked : pageOf(redirect);
  const reads = redirect === null ? startEarlyReads(asked, location.pathname, session) : undefined;
  // A failed download is not handled here: the router loads the part again and shows its error.
  const code = (landing ? lazyPartsOf(landing) : []).map((load) => load().catch(() => undefined));
  return Promise.all([campaigns, reads, ...code]);
}

/**
 * Settles once the first page's code and its first reads are in (or failed to come): main.tsx
 * renders the page then, with its data in its first pass.
 */
export const firstPage = startEarly(window.location);
