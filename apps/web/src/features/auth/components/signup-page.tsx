import { Typography } from '@mui/material';
import { lazy, startTransition, Suspense, useEffect, useState } from 'react';

import { afterPaint } from '../../../lib/after-paint';
import { AuthLayout } from './auth-layout';

const SignupTabs = lazy(() => import('./signup-tabs'));

/**
 * /signup (spec section 2): For Brands and For Media tabs; ?tab=media opens the second.
 *
 * The frame and the heading (all in the entry chunk) paint first; the tabs and forms (MUI's
 * TextField, react-hook-form: several times the entry's own download) start loading once that
 * first frame is on screen, so their download and start-up do not hold it back. They render after
 * that paint (`startTransition`, lib/react/preact-compat.ts).
 */
export function SignupPage() {
  const [showForms, setShowForms] = useState(false);
  useEffect(() => afterPaint(() => startTransition(() => setShowForms(true))), []);
  return (
    <AuthLayout title="Create Account" maxWidth={560}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        Create Account
      </Typography>
      {showForms && (
        <Suspense fallback={null}>
          <SignupTabs />
        </Suspense>
      )}
    </AuthLayout>
  );
}
