import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

import { QrSquare } from './qr-square';

/**
 * The QR of a check-in code, drawn in the browser (no request, no third party) as an SVG image: sharp
 * at any size for the door's camera, and without a canvas and a PNG encoding, which took a long task
 * (about 230 ms at phone speed) before the pass could show it.
 */
export function QrImage({ value, size = 128, label }: { value: string; size?: number; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
      .then((svg) => {
        if (live) setSrc(`data:image/svg+xml,${encodeURIComponent(svg)}`);
      })
      .catch(() => setSrc(null));
    return () => {
      live = false;
    };
  }, [value]);
  return (
    <QrSquare size={size}>
      {/* A block: an inline image would give the box a text baseline once drawn, moving what follows. */}
      {src ? <img src={src} alt={label} width={size} height={size} style={{ display: 'block' }} /> : null}
    </QrSquare>
  );
}
