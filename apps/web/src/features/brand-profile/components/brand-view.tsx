import type { BrandResource, BrandSummary } from '@comped/shared/schemas/resources';
import { Avatar, Box, Paper, Stack, Typography } from '@mui/material';
import { Navigate, useLocation } from 'react-router';

import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { fileUrl } from '../../../lib/api-client';
import { BrandDetails } from './brand-details';

type ViewBrand = BrandSummary & Partial<Omit<BrandResource, keyof BrandSummary>>;

/** /brands/{id}: a brand's profile, fed through navigation state; without it, back to /campaigns. */
export function BrandView() {
  const location = useLocation();
  const brand = (location.state as { brand?: ViewBrand } | null)?.brand;
  if (!brand) return <Navigate to={paths.campaigns.getHref()} replace />;
  return (
    <Stack spacing={3}>
      <PageTitle title={brand.name}>Brand</PageTitle>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={3}
          sx={{ alignItems: { xs: 'center', sm: 'flex-start' } }}
        >
          <Avatar
            src={fileUrl(brand.logo)}
            alt={brand.logo ? `${brand.name} logo` : undefined}
            variant="rounded"
            sx={{ width: 112, height: 112, fontSize: 40 }}
          >
            {brand.name.slice(0, 1).toUpperCase()}
          </Avatar>
          <BrandDetails
            brand={{
              name: brand.name,
              brandType: brand.brandType,
              description: brand.description ?? null,
              address: brand.address ?? '',
              zip: brand.zip ?? '',
              phones: brand.phones ?? '',
              socialnetworks: brand.socialnetworks,
            }}
          />
        </Stack>
      </Paper>
      {brand.locations && brand.locations.length > 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-label="Locations">
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            Locations
          </Typography>
          {brand.locations.map((l) => (
            <Typography key={l.id}>
              {l.name} · {l.address}
            </Typography>
          ))}
        </Paper>
      ) : null}
      {brand.photos && brand.photos.length > 0 ? (
        <Box
          component="section"
          aria-label="Photos"
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(5, 1fr)' } }}
        >
          {brand.photos.slice(0, 5).map((p, i) => (
            <Box
              key={p.id}
              component="img"
              src={fileUrl(p.thumb_path ?? p.path)}
              alt={`${brand.name} photo ${i + 1}`}
              sx={{ width: '100%', aspectRatio: '5 / 3', objectFit: 'cover', borderRadius: 1 }}
            />
          ))}
        </Box>
      ) : null}
    </Stack>
  );
}
