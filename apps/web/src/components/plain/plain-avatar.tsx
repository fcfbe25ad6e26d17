import { Box } from '@mui/material';
import { useState } from 'react';

/**
 * MUI's Avatar look (a picture, or the name's first letter on grey) from the entry's parts: the
 * Avatar itself is in the shared `mui` chunk, which a page's first paint should not wait for
 * (docs/performance.md, "The first card").
 */
export function PlainAvatar({
  src,
  name,
  size = 40,
  rounded = false,
}: {
  src: string | null | undefined;
  name: string;
  size?: number;
  rounded?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  const picture = src && !failed;
  return (
    <Box
      component="span"
      sx={{
        width: size,
        height: size,
        flexShrink: 0,
        display: 'inline-grid',
        placeItems: 'center',
        overflow: 'hidden',
        borderRadius: rounded ? 1 : '50%',
        bgcolor: picture ? 'transparent' : 'grey.400',
        color: 'background.default',
        fontSize: '1.25rem',
        lineHeight: 1,
        userSelect: 'none',
      }}
    >
      {picture ? (
        <img
          src={src}
          alt=""
          width={size}
          height={size}
          onError={() => setFailed(true)}
          style={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : (
        name.charAt(0)
      )}
    </Box>
  );
}
