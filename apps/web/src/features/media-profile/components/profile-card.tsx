import type { MediaProfileResource } from '@comped/shared/schemas/resources';
import { socialUrl, tierLabel } from '@comped/shared/validation/media-profile';
import { reliabilityLabel } from '@comped/shared/visit-rules';
import InstagramIcon from '@mui/icons-material/Instagram';
import MusicNoteIcon from '@mui/icons-material/MusicNote';
import PlaceIcon from '@mui/icons-material/Place';
import WorkIcon from '@mui/icons-material/Work';
import XIcon from '@mui/icons-material/X';
import { Avatar, Box, Chip, Link, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

import { fileUrl } from '../../../lib/api-client';

const NETWORK: Record<string, { label: string; icon: ReactNode; prefix: string }> = {
  instagram: { label: 'Instagram', icon: <InstagramIcon fontSize="small" aria-hidden />, prefix: '@' },
  twitter: { label: 'Twitter', icon: <XIcon fontSize="small" aria-hidden />, prefix: '@' },
  tiktok: { label: 'TikTok', icon: <MusicNoteIcon fontSize="small" aria-hidden />, prefix: '@' },
};

/**
 * A media user's card: avatar, name, type, a tier chip, bio, social handles as links and the city
 * when set (spec section 2, /profile/{influencerId}). `pictureSlot` replaces the avatar (own profile).
 */
export function ProfileCard({ profile, pictureSlot }: { profile: MediaProfileResource; pictureSlot?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={3}
        sx={{ alignItems: { xs: 'center', sm: 'flex-start' } }}
      >
        {pictureSlot ?? (
          <Avatar
            src={fileUrl(profile.profile_picture)}
            alt={profile.name}
            sx={{ width: 112, height: 112, fontSize: 40 }}
          >
            {profile.name.charAt(0).toUpperCase()}
          </Avatar>
        )}
        <Box sx={{ minWidth: 0, flex: 1, textAlign: { xs: 'center', sm: 'left' } }}>
          <Typography variant="h5" component="h2" sx={{ fontWeight: 700, wordBreak: 'break-word' }}>
            {profile.name}
          </Typography>
          <Stack
            direction="row"
            spacing={1}
            sx={{ mt: 1, flexWrap: 'wrap', justifyContent: { xs: 'center', sm: 'flex-start' }, rowGap: 1 }}
          >
            <Chip label={profile.type === 'journalist' ? 'Journalist' : 'Influencer'} color="secondary" size="small" />
            <Chip label={tierLabel(profile.type, profile.tier_range)} variant="outlined" size="small" />
            {profile.reliability ? (
              <Chip
                label={reliabilityLabel(profile.reliability)}
                aria-label={`Reliability: ${reliabilityLabel(profile.reliability)}`}
                variant="outlined"
                size="small"
              />
            ) : null}
          </Stack>
          {profile.location && (
            <Box
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 0.5,
                mt: 1.5,
                justifyContent: { xs: 'center', sm: 'flex-start' },
              }}
            >
              <PlaceIcon fontSize="small" color="action" aria-hidden />
              <Typography variant="body2">{profile.location}</Typography>
            </Box>
          )}
          {profile.type === 'journalist' && profile.workplace && (
            <Box
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 0.5,
                mt: 1,
                justifyContent: { xs: 'center', sm: 'flex-start' },
              }}
            >
              <WorkIcon fontSize="small" color="action" aria-hidden />
              <Typography variant="body2">Working at {profile.workplace}</Typography>
            </Box>
          )}
          {profile.bio && (
            <Typography sx={{ mt: 2, whiteSpace: 'pre-line', wordBreak: 'break-word' }}>{profile.bio}</Typography>
          )}
          {profile.socialnetworks.length > 0 && (
            <Box
              component="ul"
              aria-label="Social networks"
              sx={{
                listStyle: 'none',
                p: 0,
                m: 0,
                mt: 2,
                display: 'flex',
                gap: 2,
                flexWrap: 'wrap',
                justifyContent: { xs: 'center', sm: 'flex-start' },
              }}
            >
              {profile.socialnetworks.map((s) => {
                const n = NETWORK[s.name];
                if (!n) return null;
                return (
                  <Box component="li" key={s.name} sx={{ minWidth: 0, maxWidth: '100%' }}>
                    <Link
                      href={socialUrl(s.name, s.handle)}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={`${n.label}: ${n.prefix}${s.handle}`}
                      sx={{
                        display: 'inline-flex',
                        alignItems: 'center',
                        gap: 0.5,
                        maxWidth: '100%',
                        overflowWrap: 'anywhere',
                      }}
                    >
                      {n.icon}
                      <span style={{ minWidth: 0 }}>
                        {n.prefix}
                        {s.handle}
                      </span>
                    </Link>
                  </Box>
                );
              })}
            </Box>
          )}
          {profile.press_places.length > 0 && (
            <Box sx={{ mt: 2 }}>
              <Typography variant="subtitle2" component="h3">
                Press
              </Typography>
              <Box component="ul" sx={{ pl: 2, m: 0 }}>
                {profile.press_places.map((p) => (
                  <li key={p}>
                    <Link href={p} target="_blank" rel="noopener noreferrer" sx={{ wordBreak: 'break-all' }}>
                      {p}
                    </Link>
                  </li>
                ))}
              </Box>
            </Box>
          )}
        </Box>
      </Stack>
    </Paper>
  );
}
