import { isMediaRole } from '@comped/shared/roles';

import { paths } from '../config/paths';
import { mediaCampaignsPath } from '../features/campaigns/api/media-campaigns-request';
import { campaignPageQuery, firstCampaignPage } from '../features/campaigns/api/paging';
import { apiUrl, fileUrl } from '../lib/api-client';
import { readSession } from '../lib/session';
import { startEarlyGet } from './early-request';

/**
 * A signed-in media user opening /campaigns (the page they land on): the first page of their
 * campaigns is asked for as soon as the entry runs, beside the route's chunks rather than after them,
 * and the first campaign's photo (the page's largest paint) is preloaded as soon as the answer is
 * in. The page's fetcher (features/campaigns/api/get-media-campaigns.ts) takes the answer. Only for a
 * first load without filters; in-app visits use the cache. Settles when the answer is in (or failed).
 */
export function startEarlyCampaigns(location: Location): Promise<unknown> {
  const user = readSession();
  const profile = user?.user.profile;
  if (!user || !profile || location.pathname !== paths.campaigns.getHref() || location.search) {
    return Promise.resolve();
  }
  if (!isMediaRole(profile.type) || user.user.must_change_password) return Promise.resolve();
  const url = apiUrl(mediaCampaignsPath(user.user.id), campaignPageQuery(firstCampaignPage));
  return startEarlyGet(url, user.token)
    .then(({ status, text }) => {
      if (status !== 200) return;
      const first = (
        JSON.parse(text) as { data?: { featuredphotos?: { path: string; thumb_path?: string | null }[] }[] }
      ).data?.[0]?.featuredphotos?.[0];
      const href = first && fileUrl(first.thumb_path ?? first.path);
      if (!href) return;
      const link = Object.assign(document.createElement('link'), { rel: 'preload', as: 'image', href });
      link.setAttribute('fetchpriority', 'high');
      document.head.append(link);
    })
    .catch(() => undefined);
}
