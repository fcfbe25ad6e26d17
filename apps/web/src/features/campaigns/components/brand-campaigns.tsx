import { MSG } from '@comped/shared/messages';
import type { CampaignResource } from '@comped/shared/schemas/resources';
import { Alert, Box, Button, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';

import { useDeleteCampaign } from '../../../api/campaigns';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { paths } from '../../../config/paths';
import { useSnackbar } from '../../../lib/snackbar';
import type { BrandTabKey } from '../api/get-brand-campaigns';
import { BRAND_TABS, useBrandCampaigns } from '../api/get-brand-campaigns';
import { CampaignCard } from './campaign-card';
import { CreateCampaignCard } from './create-campaign-card';
import { InfiniteCampaignList } from './infinite-campaign-list';
import { StatusChip } from './status-chip';

const EMPTY: Record<BrandTabKey, { title: string; text: string }> = {
  approved: {
    title: 'No approved campaigns yet',
    text: 'Campaigns appear here once our team has approved them. Submitted ones wait under In review & drafts.',
  },
  drafts: { title: 'No drafts or campaigns in review', text: 'Start a campaign with the card above.' },
  expired: { title: 'No expired campaigns', text: 'Campaigns move here after their last day.' },
};

/** /campaigns for a brand: three tabs of its own campaigns and a create card. */
export function BrandCampaigns({ brandId, manage = true }: { brandId: number; manage?: boolean }) {
  const [params, setParams] = useSearchParams();
  const current = BRAND_TABS.find((t) => t.key === params.get('tab')) ?? BRAND_TABS[0];
  const query = useBrandCampaigns(brandId, current.filter);
  const snackbar = useSnackbar();
  const discard = useDeleteCampaign();
  const [toDiscard, setToDiscard] = useState<CampaignResource | null>(null);

  return (
    <>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={current.key}
          onChange={(_e, key: BrandTabKey) => setParams(key === 'approved' ? {} : { tab: key }, { replace: true })}
          aria-label="Campaigns by status"
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {BRAND_TABS.map((t) => (
            <Tab key={t.key} value={t.key} label={t.label} id={`tab-${t.key}`} aria-controls="campaigns-tabpanel" />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id="campaigns-tabpanel" aria-labelledby={`tab-${current.key}`}>
        <InfiniteCampaignList
          key={current.key}
          query={query}
          label={`${current.label} campaigns`}
          leading={manage ? <CreateCampaignCard /> : undefined}
          empty={<EmptyState title={EMPTY[current.key].title} text={EMPTY[current.key].text} />}
          renderItem={(c) => (
            <CampaignCard
              campaign={c}
              badge={<StatusChip status={c.status} />}
              actions={
                c.status === 'draft' && manage ? (
                  <>
                    <Button variant="contained" component={Link} to={paths.editCampaign.getHref(c.id)}>
                      Edit
                    </Button>
                    <Button color="error" onClick={() => setToDiscard(c)} aria-label={`Discard ${c.name}`}>
                      Discard
                    </Button>
                  </>
                ) : (
                  <Button
                    variant="outlined"
                    component={Link}
                    to={paths.campaign.getHref(c.id)}
                    aria-label={`More details about ${c.name}`}
                  >
                    More details
                  </Button>
                )
              }
            >
              {c.status === 'draft' && c.review_reason && (
                <Alert severity="warning" sx={{ mt: 1 }}>
                  <Typography variant="body2" sx={{ fontWeight: 700 }}>
                    Sent back by our team
                  </Typography>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {c.review_reason}
                  </Typography>
                </Alert>
              )}
            </CampaignCard>
          )}
        />
      </Box>
      <ConfirmDialog
        open={!!toDiscard}
        title="Discard this draft?"
        confirmLabel="Discard"
        destructive
        busy={discard.isPending}
        onClose={() => setToDiscard(null)}
        onConfirm={() => {
          if (!toDiscard) return;
          discard.mutate(toDiscard.id, {
            onSuccess: () => {
              snackbar('The draft was discarded.');
              setToDiscard(null);
            },
            onError: () => snackbar(MSG.somethingWrong, 'error'),
          });
        }}
      >
        “{toDiscard?.name}” and its photos will be deleted. This cannot be undone.
      </ConfirmDialog>
    </>
  );
}
