import type { SessionUser } from '@comped/shared/schemas/session';
import { Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

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
        <ProfileCard profile={query.data} />
      )}
    </>
  );
}

const EXPLANATION = {
  media: 'Media profiles are shown to the brands a person has booked with, not to other media users.',
  'no-plan': 'Media profiles are shown to brands with a plan, for the people who booked their campaigns.',
  'not-booked': 'This profile is shown to brands this person has booked with.',
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
