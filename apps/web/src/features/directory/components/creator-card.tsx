import type { CreatorResource } from '@comped/shared/schemas/directory';
import { reliabilityLabel } from '@comped/shared/visit-rules';
import { Avatar, Box, Button, Card, CardActions, CardContent, Chip, Link, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';

import { InviteDialog } from '../../../components/dialogs/invite-dialog';
import { paths } from '../../../config/paths';
import { fileUrl } from '../../../lib/api-client';

/** A creator in the directory: tier, city, networks, reliability, past visits here, and Invite. */
export function CreatorCard({ creator }: { creator: CreatorResource }) {
  const [inviting, setInviting] = useState(false);
  const reliability = reliabilityLabel({ percent: creator.reliability.score, visits: creator.reliability.visits });
  return (
    <Card component="article" aria-labelledby={`creator-${creator.id}`} variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Avatar src={fileUrl(creator.profile_picture)} alt="" sx={{ width: 56, height: 56 }}>
            {creator.name.charAt(0)}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography id={`creator-${creator.id}`} component="h2" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
              <Link component={RouterLink} to={paths.mediaProfile.getHref(creator.id)} underline="hover">
                {creator.name}
              </Link>
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {creator.type === 'journalist' ? 'Journalist' : 'Influencer'}
              {creator.tier !== null ? ` · Tier ${creator.tier}` : ''}
              {creator.location ? ` · ${creator.location}` : ''}
            </Typography>
          </Box>
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 2 }}>
          <Chip size="small" label={reliability} />
          <Chip
            size="small"
            variant="outlined"
            label={
              creator.visits_with_brand === 0
                ? 'No visits with you yet'
                : `${creator.visits_with_brand} ${creator.visits_with_brand === 1 ? 'visit' : 'visits'} with you`
            }
          />
        </Stack>
        {creator.socialnetworks.length > 0 ? (
          <Typography variant="body2" sx={{ mt: 1.5, overflowWrap: 'anywhere' }}>
            {creator.socialnetworks.map((n) => `${n.name}: @${n.handle}`).join(' · ')}
          </Typography>
        ) : null}
      </CardContent>
      <CardActions>
        <Button variant="contained" onClick={() => setInviting(true)} aria-label={`Invite ${creator.name}`}>
          Invite
        </Button>
      </CardActions>
      <InviteDialog open={inviting} onClose={() => setInviting(false)} creator={creator} />
    </Card>
  );
}
