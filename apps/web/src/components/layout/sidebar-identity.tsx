import type { SessionUser } from '@comped/shared/schemas/session';
import { Avatar, Box, Typography } from '@mui/material';

import { fileUrl } from '../../lib/api-client';

/** The brand's logo and name, or the media user's picture and name, with the role under it. */
export function SidebarIdentity({ user }: { user: SessionUser }) {
  const brand = user.profile.type === 'brands' ? user.profile.brands[0] : undefined;
  const name = brand?.name ?? user.name;
  const picture = brand ? brand.logo : user.profile_picture;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 2 }}>
      <Avatar src={fileUrl(picture)} alt={name} sx={{ bgcolor: 'rgba(255,255,255,0.2)' }}>
        {name.charAt(0).toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography noWrap sx={{ fontWeight: 700 }} data-testid="sidebar-name">
          {name}
        </Typography>
        <Typography noWrap variant="body2" sx={{ opacity: 0.8, textTransform: 'capitalize' }}>
          {user.profile.type === 'brands' ? 'Brand' : user.profile.type}
        </Typography>
      </Box>
    </Box>
  );
}
