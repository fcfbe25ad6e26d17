import { Box, Link, Tab, Tabs, Typography } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router';

import { paths } from '../../../config/paths';
import { BrandSignupForm } from './brand-signup-form';
import { MediaSignupForm } from './media-signup-form';

type SignupTab = 'brands' | 'media';

/** The For Brands and For Media tabs of /signup (signup-page.tsx); ?tab=media opens the second. */
export default function SignupTabs() {
  const [params, setParams] = useSearchParams();
  const tab: SignupTab = params.get('tab') === 'media' ? 'media' : 'brands';
  return (
    <>
      <Tabs
        value={tab}
        onChange={(_e, value: SignupTab) => setParams(value === 'media' ? { tab: 'media' } : {}, { replace: true })}
        variant="fullWidth"
        aria-label="Account type"
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab label="For Brands" value="brands" id="signup-tab-brands" aria-controls="signup-panel-brands" />
        <Tab label="For Media" value="media" id="signup-tab-media" aria-controls="signup-panel-media" />
      </Tabs>
      <Box role="tabpanel" id={`signup-panel-${tab}`} aria-labelledby={`signup-tab-${tab}`}>
        {tab === 'brands' ? <BrandSignupForm /> : <MediaSignupForm />}
      </Box>
      <Typography sx={{ textAlign: 'center', mt: 3 }} color="text.secondary">
        Already have an account?{' '}
        <Link component={RouterLink} to={paths.login.getHref()} sx={{ fontWeight: 600 }}>
          Log in
        </Link>
      </Typography>
    </>
  );
}
