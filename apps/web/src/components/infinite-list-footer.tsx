import { Box, Button, CircularProgress } from '@mui/material';
import { visuallyHidden } from '@mui/utils';

import { useInfiniteSentinel } from '../lib/use-infinite-sentinel';

/** The part of a TanStack `useInfiniteQuery` result the footer needs (any page type fits). */
export interface InfiniteListQuery {
  data?: { pages: readonly unknown[] };
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

interface InfiniteListFooterProps {
  /** The infinite query whose next page the footer loads. */
  query: InfiniteListQuery;
  /** Button text while the next page loads, e.g. 'Loading more campaigns'. */
  loadingLabel: string;
  /** Space above the Load more button (theme spacing units). */
  mt?: number;
}

/**
 * Put after an infinitely scrolled list: a sentinel that asks for the next page as it nears the
 * viewport, and a Load more button for keyboard users and as the retry after a failed page (after
 * a failed page, scrolling stops asking until the button succeeds).
 */
export function InfiniteListFooter({ query, loadingLabel, mt = 3 }: InfiniteListFooterProps) {
  const { data, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const sentinel = useInfiniteSentinel(
    () => {
      if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
    },
    hasNextPage && !isFetchNextPageError,
    data?.pages.length ?? 0,
  );
  return (
    <>
      <div ref={sentinel} aria-hidden style={{ height: 1 }} />
      {/* The list's status, read politely as more items load. */}
      <Box role="status" sx={visuallyHidden}>
        {isFetchingNextPage ? loadingLabel : ''}
      </Box>
      {hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt }}>
          <Button
            variant="outlined"
            onClick={() => void fetchNextPage()}
            disabled={isFetchingNextPage}
            startIcon={isFetchingNextPage ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            {isFetchingNextPage ? loadingLabel : 'Load more'}
          </Button>
        </Box>
      )}
    </>
  );
}
