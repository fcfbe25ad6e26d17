import { Box } from '@mui/material';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** The QR of a check-in code, drawn in the browser (no request, no third party). */
export function QrImage({ value, size = 128, label }: { value: string; size?: number; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(value, { margin: 1, width: size * 2, errorCorrectionLevel: 'M' })
      .then((url) => {
        if (live) setSrc(url);
      })
      .catch(() => setSrc(null));
    return () => {
      live = false;
    };
  }, [value, size]);
  return (
    <Box sx={{ width: size, height: size, bgcolor: '#fff', flexShrink: 0 }}>
      {/* A block: an inline image would give the box a text baseline once drawn, moving what follows. */}
      {src ? <img src={src} alt={label} width={size} height={size} style={{ display: 'block' }} /> : null}
    </Box>
  );
}
