import { MSG } from '@comped/shared/messages';
import { NETWORK_LABEL, type PostNetwork } from '@comped/shared/post-links';
import type { ContentItemResource } from '@comped/shared/schemas/directory';
import { contentRightsLines } from '@comped/shared/schemas/usage-rights';
import { formatDay } from '@comped/shared/time';
import DownloadIcon from '@mui/icons-material/Download';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  FormControlLabel,
  IconButton,
  Link,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useSearchParams } from 'react-router';

import { EmptyState } from '../../../components/empty-state';
import { FilterBar } from '../../../components/filters/filter-bar';
import { InfiniteListFooter } from '../../../components/infinite-list-footer';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { PageTitle } from '../../../components/page-title';
import { errorMessage } from '../../../lib/form-errors';
import { useSnackbar } from '../../../lib/snackbar';
import { useHoldSpinner } from '../../../lib/use-hold-spinner';
import { useUser } from '../../../lib/use-session';
import { useDownloadContentCsv } from '../api/download-content-csv';
import type { ContentFilters } from '../api/get-content';
import { useContent, useContentCampaigns } from '../api/get-content';
import { useSetFavourite } from '../api/set-favourite';

const KEYS = ['campaign', 'type', 'network', 'from', 'to', 'favourite'] as const;

function networkLabel(network: string): string {
  return NETWORK_LABEL[network as PostNetwork] ?? network;
}

function ContentCard({ item, onFavourite }: { item: ContentItemResource; onFavourite: (v: boolean) => void }) {
  const rights = contentRightsLines(item.rights, new Date().getFullYear());
  const title = `${item.type === 'story' ? 'Story' : 'Post'} on ${networkLabel(item.network)}`;
  return (
    <Card component="article" variant="outlined" aria-label={`${title} by ${item.creator.name}`}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {title}
            </Typography>
            <Link href={item.url} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
              {item.url}
            </Link>
            <Typography variant="body2" sx={{ mt: 1 }}>
              {item.creator.name} · {item.campaign.name}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Delivered {formatDay(item.delivered_at.slice(0, 10), { weekday: false })}
            </Typography>
          </Box>
          <IconButton
            aria-label={item.favourite ? 'Remove from favourites' : 'Add to favourites'}
            aria-pressed={item.favourite}
            onClick={() => onFavourite(!item.favourite)}
          >
            {item.favourite ? <StarIcon color="warning" /> : <StarBorderIcon />}
          </IconButton>
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1.5 }}>
          <Chip
            size="small"
            color={item.checked ? 'success' : 'default'}
            label={item.checked ? 'Link checked' : 'Link not checked'}
          />
          {rights.length === 0 ? (
            <Chip size="small" variant="outlined" label="No usage rights" />
          ) : (
            rights.map((line) => <Chip key={line} size="small" variant="outlined" color="primary" label={line} />)
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** /content (brands): every delivered post and story, with its usage rights, favourites and CSV. */
export function ContentPage() {
  const user = useUser();
  const brandId = user.profile.brands[0]?.id;
  const [params, setParams] = useSearchParams();
  const filters: ContentFilters = Object.fromEntries(KEYS.map((k) => [k, params.get(k) ?? undefined]));
  function set(next: Partial<ContentFilters>) {
    const merged: Record<string, string> = {};
    for (const k of KEYS) {
      const v = k in next ? next[k] : filters[k];
      if (v) merged[k] = v;
    }
    setParams(merged, { replace: true });
  }
  const query = useContent(brandId, filters);
  const filtered = KEYS.some((k) => filters[k]);
  // A range that ends before it starts holds nothing: the To field says why.
  const reversed = !!filters.from && !!filters.to && filters.to < filters.from;
  const campaigns = useContentCampaigns(brandId);
  const favourite = useSetFavourite(brandId);
  const download = useDownloadContentCsv(brandId);
  const snackbar = useSnackbar();
  const items = query.data?.pages.flatMap((p) => p.data) ?? [];
  const holding = useHoldSpinner(query.isPending);

  return (
    <Box>
      <PageTitle>Content</PageTitle>
      <FilterBar
        label="Filter content"
        active={[filters.campaign, filters.type, filters.network, filters.from, filters.to].filter(Boolean).length}
        open={reversed}
        trail={
          <>
            <FormControlLabel
              control={
                <Switch
                  checked={Boolean(filters.favourite)}
                  onChange={(e) => set({ favourite: e.target.checked ? '1' : '' })}
                />
              }
              label="Favourites only"
            />
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              loading={download.isPending}
              onClick={() =>
                download.mutate(filters, {
                  onError: (err) => snackbar(errorMessage(err, 'The download failed. Please try again.'), 'error'),
                })
              }
            >
              Download CSV
            </Button>
          </>
        }
      >
        <TextField
          select
          label="Campaign"
          value={filters.campaign ?? ''}
          onChange={(e) => set({ campaign: e.target.value })}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">All campaigns</MenuItem>
          {(campaigns.data?.data ?? []).map((c) => (
            <MenuItem key={c.id} value={String(c.id)}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Type"
          value={filters.type ?? ''}
          onChange={(e) => set({ type: e.target.value })}
          sx={{ minWidth: 120 }}
        >
          <MenuItem value="">All</MenuItem>
          <MenuItem value="post">Posts</MenuItem>
          <MenuItem value="story">Stories</MenuItem>
        </TextField>
        <TextField
          select
          label="Network"
          value={filters.network ?? ''}
          onChange={(e) => set({ network: e.target.value })}
          sx={{ minWidth: 130 }}
        >
          <MenuItem value="">All</MenuItem>
          {Object.entries(NETWORK_LABEL).map(([k, label]) => (
            <MenuItem key={k} value={k}>
              {label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="From"
          type="date"
          value={filters.from ?? ''}
          onChange={(e) => set({ from: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label="To"
          type="date"
          value={filters.to ?? ''}
          onChange={(e) => set({ to: e.target.value })}
          error={reversed}
          helperText={reversed ? MSG.endOnOrAfterStart : undefined}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </FilterBar>
      {query.isPending || holding ? (
        <Loading label="Loading content" />
      ) : query.isError && items.length === 0 ? (
        <LoadError onRetry={query.refetch}>We couldn&apos;t load your content.</LoadError>
      ) : items.length === 0 ? (
        filtered ? (
          <EmptyState
            title="No content matches these filters"
            text="Try another campaign, type or network, a wider range of dates, or all content, not only favourites."
          />
        ) : (
          <EmptyState
            title="No content yet"
            text="Posts and stories appear here once creators deliver the task of their visit."
          />
        )
      ) : (
        <Stack component="ul" aria-label="Delivered content" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {items.map((item) => (
            <li key={item.id}>
              <ContentCard
                item={item}
                onFavourite={(v) =>
                  favourite.mutate(
                    { id: item.id, favourite: v },
                    { onError: (err) => snackbar(errorMessage(err, 'Please try again.'), 'error') },
                  )
                }
              />
            </li>
          ))}
        </Stack>
      )}
      {items.length > 0 ? <InfiniteListFooter query={query} loadingLabel="Loading more content" /> : null}
    </Box>
  );
}
