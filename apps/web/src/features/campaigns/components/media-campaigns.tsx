import { Button, Typography } from '@mui/material';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useMediaCampaigns } from '../api/get-media-campaigns';
import { formatDollars } from '../lib/format';
import { CampaignCard } from './campaign-card';
import { EmptyState } from './empty-state';
import { InfiniteCampaignList } from './infinite-campaign-list';

/** /campaigns for influencers and journalists: approved campaigns aimed at them. */
export function MediaCampaigns({ userId }: { userId: number }) {
  const query = useMediaCampaigns(userId);
  return (
    <InfiniteCampaignList
      query={query}
      label="Campaigns for you"
      empty={
        <EmptyState
          title="No campaigns for you right now"
          text="Brands publish new experiences all the time. Campaigns aimed at you appear here as soon as they are approved, so check back soon."
          action={
            <Button variant="outlined" component={Link} to={paths.profileEdit}>
              Complete your profile
            </Button>
          }
        />
      }
      renderItem={(c) => (
        <CampaignCard
          campaign={c}
          actions={
            <Button
              variant="contained"
              component={Link}
              to={paths.campaign(c.id)}
              aria-label={`More details about ${c.name}`}
            >
              More details
            </Button>
          }
        >
          <Typography variant="body2">by {c.brand.name}</Typography>
          {c.type.booking && !c.type.booking.information_only && (
            <Typography variant="body2" sx={{ fontWeight: 600, color: 'secondary.main' }}>
              Complimentary experience worth {formatDollars(c.type.booking.compensation)}
            </Typography>
          )}
        </CampaignCard>
      )}
    />
  );
}
