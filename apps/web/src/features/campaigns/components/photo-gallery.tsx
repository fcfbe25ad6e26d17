import type { CampaignResource } from '@comped/shared/schemas/resources';
import { Box, ButtonBase } from '@mui/material';
import { useState } from 'react';

import { fileUrl } from '../../../lib/api-client';

/** The campaign's featured photos: one large, the others as thumbnails to pick from. */
export function PhotoGallery({ campaign }: { campaign: CampaignResource }) {
  const photos = campaign.featuredphotos;
  const [index, setIndex] = useState(0);
  if (photos.length === 0) return null;
  const current = photos[Math.min(index, photos.length - 1)]!;
  return (
    <Box component="section" aria-label="Photos" sx={{ mb: 3 }}>
      <Box
        component="img"
        src={fileUrl(current.path)}
        alt={`${campaign.name}, photo ${Math.min(index, photos.length - 1) + 1} of ${photos.length}`}
        // The box has its size before the photo arrives (5:3, the brand photo's 600x360), so the
        // page below it does not move when it loads.
        sx={{
          width: '100%',
          aspectRatio: '5 / 3',
          maxHeight: 420,
          objectFit: 'cover',
          borderRadius: 3,
          display: 'block',
          bgcolor: 'grey.200',
        }}
      />
      {photos.length > 1 && (
        <Box sx={{ display: 'flex', gap: 1, mt: 1, overflowX: 'auto', pb: 0.5 }}>
          {photos.map((p, i) => (
            <ButtonBase
              key={p.id}
              onClick={() => setIndex(i)}
              aria-label={`Show photo ${i + 1} of ${photos.length}`}
              aria-pressed={i === index}
              sx={{
                flex: '0 0 auto',
                borderRadius: 2,
                overflow: 'hidden',
                outline: i === index ? '3px solid' : 'none',
                outlineColor: 'primary.main',
                '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'secondary.main' },
              }}
            >
              <Box
                component="img"
                src={fileUrl(p.thumb_path ?? p.path)}
                alt=""
                sx={{ width: 88, height: 64, objectFit: 'cover', display: 'block' }}
              />
            </ButtonBase>
          ))}
        </Box>
      )}
    </Box>
  );
}
