import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A titled card of the profile and dashboard pages: an outlined Paper's look from the entry's parts
 * (Paper and Stack are in the shared `mui` chunk, which /dashboard's first paint does not wait for).
 */
export function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Box
      component="section"
      aria-label={title}
      sx={{
        p: { xs: 2, sm: 3 },
        bgcolor: 'background.paper',
        color: 'text.primary',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
    >
      <Box
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 1, flexWrap: 'wrap' }}
      >
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Box>
  );
}
