import { useMemo } from 'react';
import { renderSVG } from 'uqr';

import { QrSquare } from './qr-square';

/**
 * The QR of a check-in code, drawn in the browser (no request, no third party) as an SVG image: sharp
 * at any size for the door's camera, and without a canvas and a PNG encoding, which took a long task
 * (about 230 ms at phone speed) before the pass could show it. uqr encodes and writes the SVG in
 * 4 KB gzip against qrcode's 9: the image is the pass's largest paint, so its code is part of what
 * the pass downloads first (issue 31).
 */
export function QrImage({ value, size = 128, label }: { value: string; size?: number; label: string }) {
  const src = useMemo(() => {
    try {
      return `data:image/svg+xml,${encodeURIComponent(renderSVG(value, { ecc: 'M', border: 1 }))}`;
    } catch {
      // Too long to encode (a check-in code never is): the code is printed beside it anyway.
      return null;
    }
  }, [value]);
  return (
    <QrSquare size={size}>
      {/* A block: an inline image would give the box a text baseline once drawn, moving what follows. */}
      {src ? <img src={src} alt={label} width={size} height={size} style={{ display: 'block' }} /> : null}
    </QrSquare>
  );
}
