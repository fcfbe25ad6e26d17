import type { CampaignResource } from '@comped/shared/schemas/resources';
import ImageIcon from '@mui/icons-material/Image';
import { Box, CardMedia, Typography } from '@mui/material';
import type { ReactNode } from 'react';

import { fileUrl } from '../../../lib/api-client';
import { formatDate, kindLabel, mainDate, timeRange } from '../lib/format';

interface CampaignCardProps {
  campaign: CampaignResource;
  /** Beside the name: the status chip for brands (media users only ever see approved campaigns). */
  badge?: ReactNode;
  /** Shown under the dates (the brand name for media users, the staff note on a draft). */
  children?: ReactNode;
  actions: ReactNode;
  /** The first card of a list: its photo is the page's largest paint, so it loads at once, first. */
  priority?: boolean;
}

export function CampaignCard({ campaign, badge, children, actions, priority }: CampaignCardProps) {
  const photo = campaign.featuredphotos[0];
  const date = mainDate(campaign);
  const times = timeRange(campaign);
  return (
    // MUI's Card (Paper, elevation 1), CardContent and CardActions as boxes with their looks: those
    // three live in the shared `mui` chunk, which the first card of /campaigns does not wait for
    // (docs/performance.md, "The first card").
    <Box
      component="article"
      aria-labelledby={`campaign-${campaign.id}-name`}
      data-testid="campaign-card"
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
        bgcolor: 'background.paper',
        color: 'text.primary',
        borderRadius: 1,
        boxShadow: 1,
      }}
    >
      {photo ? (
        <CardMedia
          component="img"
          height="168"
          image={fileUrl(photo.thumb_path ?? photo.path)}
          alt={`Photo of ${campaign.name}`}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
        />
      ) : (
        <Box
          sx={{ height: 168, display: 'grid', placeItems: 'center', bgcolor: 'grey.200', color: 'grey.600' }}
          aria-hidden
        >
          <ImageIcon fontSize="large" />
        </Box>
      )}
      <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 0.75, p: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Typography
            id={`campaign-${campaign.id}-name`}
            variant="h6"
            component="h2"
            sx={{ flex: 1, fontWeight: 700, lineHeight: 1.3, overflowWrap: 'anywhere' }}
          >
            {campaign.name}
          </Typography>
          {badge}
        </Box>
        <Typography variant="body2" sx={{ color: 'text.secondary', fontWeight: 600 }}>
          {kindLabel(campaign)}
        </Typography>
        {date && (
          <Typography variant="body2">
            {date.label}: {date.value}
            {times ? `, ${times}` : ''}
          </Typography>
        )}
        {campaign.attributes.end_date && (
          <Typography variant="body2">End Date: {formatDate(campaign.attributes.end_date)}</Typography>
        )}
        {children}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>{actions}</Box>
    </Box>
  );
}
