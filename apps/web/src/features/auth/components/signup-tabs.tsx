import { Box, Link, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';

import { TabBar } from '../../../components/tab-bar';
import { paths } from '../../../config/paths';
import { InTurn } from '../../../lib/in-turn';
import { BrandSignupForm } from './brand-signup-form';
import { MediaSignupForm } from './media-signup-form';

const TABS = ['brands', 'media'] as const;
type SignupTab = (typeof TABS)[number];

/**
 * The For Brands and For Media tabs of /signup (signup-page.tsx); ?tab=media opens the second. A form
 * is made when its tab is first opened and then only hidden, so switching tabs loses nothing typed.
 */
export default function SignupTabs() {
  const [params, setParams] = useSearchParams();
  const tab: SignupTab = params.get('tab') === 'media' ? 'media' : 'brands';
  const [opened, setOpened] = useState<ReadonlySet<SignupTab>>(() => new Set([tab]));
  if (!opened.has(tab)) setOpened(new Set([...opened, tab]));
  return (
    <>
      <TabBar
        label="Account type"
        selected={tab}
        onSelect={(value) => setParams(value === 'media' ? { tab: 'media' } : {}, { replace: true })}
        fullWidth
        items={[
          { key: 'brands', label: 'For Brands', id: 'signup-tab-brands', controls: 'signup-panel-brands' },
          { key: 'media', label: 'For Media', id: 'signup-tab-media', controls: 'signup-panel-media' },
        ]}
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      />
      {TABS.filter((t) => opened.has(t)).map((t) => (
        <Box key={t} role="tabpanel" id={`signup-panel-${t}`} aria-labelledby={`signup-tab-${t}`} hidden={t !== tab}>
          {t === 'brands' ? <BrandSignupForm /> : <MediaSignupForm />}
        </Box>
      ))}
      {/* After the form's own parts (lib/in-turn.tsx): drawn before them, it would be pushed down. */}
      <InTurn>
        <Typography sx={{ textAlign: 'center', mt: 3 }} color="text.secondary">
          Already have an account?{' '}
          <Link component={RouterLink} to={paths.login.getHref()} sx={{ fontWeight: 600 }}>
            Log in
          </Link>
        </Typography>
      </InTurn>
    </>
  );
}
