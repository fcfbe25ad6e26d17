import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useEffect } from 'react';

/** The public pages' frame (no app shell): the wordmark above a centred card, full width on phones. */
export function AuthLayout({
  title,
  children,
  maxWidth = 460,
}: {
  title: string;
  children: ReactNode;
  maxWidth?: number;
}) {
  useEffect(() => {
    document.title = `${title} · Comped`;
  }, [title]);
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        px: 2,
        py: { xs: 3, sm: 6 },
        background: 'linear-gradient(160deg, #fff7ed 0%, #f7f5f2 45%, #eef2f7 100%)',
      }}
    >
      <Typography
        component="p"
        sx={{ fontWeight: 800, fontSize: 28, letterSpacing: 0.5, color: 'primary.main', mb: { xs: 2, sm: 3 } }}
      >
        Comped
      </Typography>
      {/* A Box styled as `<Paper elevation={0}>` with a border: Paper's code stays out of /login's download. */}
      <Box
        sx={{
          bgcolor: 'background.paper',
          color: 'text.primary',
          width: '100%',
          maxWidth,
          p: { xs: 2.5, sm: 4 },
          border: 1,
          borderColor: 'divider',
          borderRadius: 3,
        }}
      >
        {children}
      </Box>
    </Box>
  );
}
