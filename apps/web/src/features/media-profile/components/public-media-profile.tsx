import type { MediaType } from '@comped/shared/roles';
import type { SessionUser } from '@comped/shared/schemas/session';
import { Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';

import { InviteDialog } from '../../../components/dialogs/invite-dialog';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { hasActivePlan } from '../../../lib/route-guard';
import { useUser } from '../../../lib/use-session';
import { useMediaProfile } from '../api/get-media-profile';
import { ProfileCard } from './profile-card';

/**
 * Why a viewer cannot see a media profile, known without asking the API (which would answer 403 and
 * leave an error in the browser's console): media users see only their own, and brands only with a
 * plan (the API shows a profile to brands the person booked with). Null: ask.
 */
function unavailableTo(user: SessionUser, id: number): 'media' | 'no-plan' | null {
  if (user.profile.type === 'brands') return hasActivePlan(user) ? null : 'no-plan';
  return user.id === id ? null : 'media';
}

/** /profile/{influencerId}: the public profile of a media user, reached from a booking card. */
export function PublicMediaProfile({ id }: { id: number }) {
  const user = useUser();
  const reason = unavailableTo(user, id);
  const query = useMediaProfile(id, { enabled: reason === null });
  if (reason) return <NotAvailable reason={reason} />;
  if (query.isError && query.error instanceof ApiError && (query.error.status === 403 || query.error.status === 404)) {
    return <NotAvailable reason="not-booked" />;
  }
  const title = query.data?.name ?? 'Media profile';
  return (
    <>
      <PageTitle title={title}>Media profile</PageTitle>
      {query.isPending ? (
        <Loading label="Loading profile" />
      ) : query.isError ? (
        <LoadError onRetry={query.refetch} />
      ) : (
        <Stack spacing={2}>
          <ProfileCard profile={query.data} />
          {user.profile.type === 'brands' ? <InviteButton creator={query.data} /> : null}
        </Stack>
      )}
    </>
  );
}

/** A brand invites the person to one of its approved campaigns (issue 28). */
function InviteButton({ creator }: { creator: { id: number; name: string; type: MediaType } }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="contained" onClick={() => setOpen(true)} sx={{ alignSelf: 'flex-start' }}>
        Invite to a campaign
      </Button>
      <InviteDialog open={open} onClose={() => setOpen(false)} creator={creator} />
    </>
  );
}

const EXPLANATION = {
  media: 'Media profiles are shown to the brands a person has booked with, not to other media users.',
  'no-plan': 'Media profiles are shown to brands with a plan, for the people who booked their campaigns.',
  'not-booked':
    'This profile is shown to brands this person has booked with, or when they are listed in the creator directory.',
} as const;

function NotAvailable({ reason }: { reason: keyof typeof EXPLANATION }) {
  return (
    <>
      <PageTitle>Profile not available</PageTitle>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography>{EXPLANATION[reason]}</Typography>
        {reason === 'no-plan' ? (
          <Button variant="contained" component={RouterLink} to={paths.plans.getHref()}>
            Choose a plan
          </Button>
        ) : reason === 'not-booked' ? (
          <Button variant="contained" component={RouterLink} to={paths.bookings.getHref()}>
            Bookings
          </Button>
        ) : (
          <Button variant="contained" component={RouterLink} to={paths.campaigns.getHref()}>
            Back to campaigns
          </Button>
        )}
      </Stack>
    </>
  );
}
