import { SUPPORT_EMAIL } from '@comped/shared/limits';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { Box, Button, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';

import { paths } from '../config/paths';
import { homeRoute } from '../lib/route-guard';
import { useSession } from '../lib/use-session';

export const ERROR_SCREEN_TITLE = 'Sorry, something went wrong.';

/**
 * What every route shows when it fails (components/route-error-boundary.tsx): a friendly page in the
 * product's look instead of a blank screen. The error is logged (the console in the browser; the e2e
 * fixture fails any test that reaches this screen). Try again reloads the page (a failed chunk or a
 * bad answer may heal); the home link goes to the user's home route.
 */
export function ErrorScreen({ error }: { error: unknown }) {
  const { user } = useSession();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    console.error('Route error:', error);
    document.title = `Something went wrong · Comped`;
    heading.current?.focus();
  }, [error]);
  const home = user ? homeRoute(user) : paths.login.getHref();
  return (
    <Box
      component="section"
      aria-labelledby="error-screen-title"
      sx={{ display: 'flex', justifyContent: 'center', alignItems: 'flex-start', py: { xs: 4, md: 8 }, px: 2 }}
    >
      {/* `<Paper variant="outlined">`'s look on a Box: the error screen is part of the entry chunk. */}
      <Box
        sx={{
          bgcolor: 'background.paper',
          color: 'text.primary',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          p: { xs: 3, md: 5 },
          maxWidth: 520,
          width: '100%',
          textAlign: 'center',
        }}
      >
        <ErrorOutlineIcon color="primary" sx={{ fontSize: 56, mb: 1 }} aria-hidden />
        <Typography
          id="error-screen-title"
          ref={heading}
          tabIndex={-1}
          variant="h4"
          component="h1"
          sx={{ fontWeight: 700, mb: 1.5, outline: 'none' }}
        >
          {ERROR_SCREEN_TITLE}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          This page could not be shown. Try again, or go back to your home page. If it keeps happening, write to{' '}
          {SUPPORT_EMAIL}.
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={() => window.location.reload()}>
            Try again
          </Button>
          <Button variant="outlined" component={RouterLink} to={home} reloadDocument>
            Go to my home page
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
