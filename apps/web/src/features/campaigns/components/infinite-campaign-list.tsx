import { MSG } from '@comped/shared/messages';
import type { Paged } from '@comped/shared/paging';
import type { CampaignResource } from '@comped/shared/schemas/resources';
import { Box } from '@mui/material';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useEffect } from 'react';

import { InfiniteListFooter } from '../../../components/infinite-list-footer';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { InTurn } from '../../../lib/in-turn';
import { useSnackbar } from '../../../lib/snackbar';
import { useHoldSpinner } from '../../../lib/use-hold-spinner';

export type CampaignPagesQuery = UseInfiniteQueryResult<InfiniteData<Paged<CampaignResource>>, Error>;

interface InfiniteCampaignListProps {
  query: CampaignPagesQuery;
  label: string;
  renderItem: (campaign: CampaignResource) => ReactNode;
  empty: ReactNode;
  /** A first tile before the campaigns (the brand's create card). */
  leading?: ReactNode;
}

const gridSx = {
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
  gap: 2,
} as const;

/** The cards rendered with the list; the others follow one per task (lib/in-turn.tsx). */
const FIRST_SCREEN = 3;

/**
 * A campaign grid that loads 10 at a time as the user scrolls (IntersectionObserver), with a
 * Load more button for keyboard users and as the retry after a failed page. A failed first load
 * reads 'Error: Unable to retrieve campaigns.'; a failed later page shows 'Error fetching campaigns.'.
 */
export function InfiniteCampaignList({ query, label, renderItem, empty, leading }: InfiniteCampaignListProps) {
  const snackbar = useSnackbar();
  const { data, isPending, isError, isFetchingNextPage, isFetchNextPageError, refetch } = query;
  const items = data?.pages.flatMap((p) => p.data) ?? [];
  const holding = useHoldSpinner(isPending);

  useEffect(() => {
    if (isFetchNextPageError) snackbar(MSG.errorFetchingCampaigns, 'error');
  }, [isFetchNextPageError, snackbar]);

  if (isPending || holding) {
    return (
      <>
        {leading && (
          <Box component="ul" aria-label={label} sx={gridSx}>
            <li>{leading}</li>
          </Box>
        )}
        <Loading label="Loading campaigns" />
      </>
    );
  }

  if (isError && items.length === 0) {
    return (
      <>
        {leading && (
          <Box component="ul" aria-label={label} sx={{ ...gridSx, mb: 2 }}>
            <li>{leading}</li>
          </Box>
        )}
        <LoadError onRetry={refetch}>{MSG.unableCampaigns}</LoadError>
      </>
    );
  }

  return (
    <>
      <Box component="ul" aria-label={label} sx={gridSx} aria-busy={isFetchingNextPage}>
        {leading && <li>{leading}</li>}
        {items.map((c, i) => (
          <InTurn key={c.id} now={i < FIRST_SCREEN}>
            <li>{renderItem(c)}</li>
          </InTurn>
        ))}
      </Box>
      {items.length === 0 && <Box sx={{ mt: leading ? 3 : 0 }}>{empty}</Box>}
      {/* After the cards: its sentinel, above a card still to come, would ask for the next page early. */}
      <InTurn now={items.length <= FIRST_SCREEN}>
        <InfiniteListFooter query={query} loadingLabel="Loading more campaigns" />
      </InTurn>
    </>
  );
}
