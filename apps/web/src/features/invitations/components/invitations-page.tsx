import type { InvitationResource } from '@comped/shared/schemas/directory';
import { formatDay } from '@comped/shared/time';
import { Avatar, Box, Button, Card, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { fileUrl } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/form-errors';
import { useSnackbar } from '../../../lib/snackbar';
import { useUser } from '../../../lib/use-session';
import { useDeclineInvitation, useInvitations } from '../api/get-invitations';

const STATUS_LABEL: Record<InvitationResource['status'], string> = {
  open: 'Open',
  booked: 'Booked',
  declined: 'Declined',
};

/** /invitations (media users): the campaigns brands invited them to, with View and Decline. */
export function InvitationsPage() {
  const user = useUser();
  const query = useInvitations(user.id);
  const decline = useDeclineInvitation(user.id);
  const snackbar = useSnackbar();
  const items = query.data?.data ?? [];
  return (
    <Box sx={{ maxWidth: 720 }}>
      <PageTitle>Invitations</PageTitle>
      {query.isPending ? (
        <Loading label="Loading invitations" />
      ) : query.isError ? (
        <LoadError onRetry={query.refetch}>We couldn&apos;t load your invitations.</LoadError>
      ) : items.length === 0 ? (
        <EmptyState
          title="No invitations yet"
          text="When a venue invites you to one of its campaigns, it shows here."
        />
      ) : (
        <Stack component="ul" aria-label="Invitations" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {items.map((inv) => (
            <li key={inv.id}>
              <Card variant="outlined" component="article" aria-labelledby={`invitation-${inv.id}`}>
                <CardContent>
                  <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                    <Avatar src={fileUrl(inv.brand.logo)} alt="">
                      {inv.brand.name.charAt(0)}
                    </Avatar>
                    <Box sx={{ flex: 1, minWidth: 0 }}>
                      <Typography
                        id={`invitation-${inv.id}`}
                        component="h2"
                        variant="subtitle1"
                        sx={{ fontWeight: 600 }}
                      >
                        {inv.campaign.name}
                      </Typography>
                      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                        Invited by {inv.brand.name} on {formatDay(inv.created_at.slice(0, 10), { weekday: false })}
                      </Typography>
                    </Box>
                    <Chip size="small" label={STATUS_LABEL[inv.status]} />
                  </Stack>
                  {inv.note ? (
                    <Typography variant="body2" sx={{ mt: 1.5, whiteSpace: 'pre-wrap' }}>
                      “{inv.note}”
                    </Typography>
                  ) : null}
                </CardContent>
                <CardActions>
                  {inv.status !== 'declined' ? (
                    <Button component={RouterLink} to={paths.campaign.getHref(inv.campaign.id)}>
                      View campaign
                    </Button>
                  ) : null}
                  {inv.status === 'open' ? (
                    <Button
                      color="error"
                      loading={decline.isPending && decline.variables === inv.id}
                      onClick={() =>
                        decline.mutate(inv.id, {
                          onSuccess: () => snackbar('Invitation declined.'),
                          onError: (err) => snackbar(errorMessage(err, 'Please try again.'), 'error'),
                        })
                      }
                      aria-label={`Decline the invitation to ${inv.campaign.name}`}
                    >
                      Decline
                    </Button>
                  ) : null}
                </CardActions>
              </Card>
            </li>
          ))}
        </Stack>
      )}
    </Box>
  );
}
