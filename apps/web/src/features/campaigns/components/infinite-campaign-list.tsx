import { Alert, Box, Button, CircularProgress } from '@mui/material';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { MSG } from '@comped/shared/messages';
import type { Paged } from '@comped/shared/paging';
import type { CampaignResource } from '@comped/shared/schemas/resources';
import { Loading } from '../../../components/loading';
import { useSnackbar } from '../../../lib/snackbar';
import { useInfiniteSentinel } from '../../../lib/use-infinite-sentinel';

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

/**
 * A campaign grid that loads 10 at a time as the user scrolls (IntersectionObserver), with a
 * Load more button for keyboard users and as the retry after a failed page. A failed first load
 * reads 'Error: Unable to retrieve campaigns.'; a failed later page shows 'Error fetching campaigns.'.
 */
export function InfiniteCampaignList({ query, label, renderItem, empty, leading }: InfiniteCampaignListProps) {
  const snackbar = useSnackbar();
  const { data, isPending, isError, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, refetch } =
    query;
  const pages = data?.pages ?? [];
  const items = pages.flatMap((p) => p.data);
  // After a failed page, scrolling stops asking; the Load more button tries again.
  const paused = isFetchNextPageError;

  useEffect(() => {
    if (isFetchNextPageError) snackbar(MSG.errorFetchingCampaigns, 'error');
  }, [isFetchNextPageError, snackbar]);

  const sentinel = useInfiniteSentinel(
    () => {
      if (hasNextPage && !isFetchingNextPage && !paused) void fetchNextPage();
    },
    !!hasNextPage && !paused,
    pages.length,
  );

  if (isPending) {
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
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              Try again
            </Button>
          }
        >
          {MSG.unableCampaigns}
        </Alert>
      </>
    );
  }

  return (
    <>
      <Box component="ul" aria-label={label} sx={gridSx} aria-busy={isFetchingNextPage}>
        {leading && <li>{leading}</li>}
        {items.map((c) => (
          <li key={c.id}>{renderItem(c)}</li>
        ))}
      </Box>
      {items.length === 0 && <Box sx={{ mt: leading ? 3 : 0 }}>{empty}</Box>}
      <div ref={sentinel} aria-hidden style={{ height: 1 }} />
      {hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
          <Button
            variant="outlined"
            onClick={() => void fetchNextPage()}
            disabled={isFetchingNextPage}
            startIcon={isFetchingNextPage ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {isFetchingNextPage ? 'Loading more campaigns' : 'Load more'}
          </Button>
        </Box>
      )}
    </>
  );
}
