import type { BrandResource } from '@comped/shared/schemas/resources';
import EmailIcon from '@mui/icons-material/AlternateEmail';
import PhoneIcon from '@mui/icons-material/Phone';
import PlaceIcon from '@mui/icons-material/Place';
import { Chip, Link, Stack, Typography } from '@mui/material';

const NETWORK_URLS: Record<string, (h: string) => string> = {
  instagram: (h) => `https://instagram.com/${h}`,
  twitter: (h) => `https://twitter.com/${h}`,
  tiktok: (h) => `https://www.tiktok.com/@${h}`,
  facebook: (h) => `https://facebook.com/${h}`,
};
const NETWORK_LABELS: Record<string, string> = {
  instagram: 'Instagram',
  twitter: 'Twitter',
  tiktok: 'TikTok',
  facebook: 'Facebook',
};

export function networkLabel(name: string): string {
  return NETWORK_LABELS[name] ?? name;
}

/** Name, type, description, address, phones and social links of a brand. */
export function BrandDetails({
  brand,
}: {
  brand: Pick<BrandResource, 'name' | 'brandType' | 'description' | 'address' | 'zip' | 'phones'> & {
    socialnetworks?: BrandResource['socialnetworks'];
  };
}) {
  return (
    <Stack spacing={1} sx={{ minWidth: 0, flex: 1 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {brand.name}
        </Typography>
        {brand.brandType ? <Chip size="small" label={brand.brandType} /> : null}
      </Stack>
      {brand.description ? (
        <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{brand.description}</Typography>
      ) : (
        <Typography color="text.secondary">No description yet.</Typography>
      )}
      {brand.address ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <PlaceIcon fontSize="small" aria-hidden />
          <Typography>
            {brand.address}
            {brand.zip ? `, ${brand.zip}` : ''}
          </Typography>
        </Stack>
      ) : null}
      {brand.phones ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <PhoneIcon fontSize="small" aria-hidden />
          <Link href={`tel:${brand.phones}`}>{brand.phones}</Link>
        </Stack>
      ) : null}
      {brand.socialnetworks && brand.socialnetworks.length > 0 ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} aria-label="Social networks">
          <EmailIcon fontSize="small" aria-hidden />
          {brand.socialnetworks.map((s) => (
            <Link key={s.name} href={NETWORK_URLS[s.name]?.(s.handle) ?? '#'} target="_blank" rel="noopener noreferrer">
              {networkLabel(s.name)}: @{s.handle}
            </Link>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
