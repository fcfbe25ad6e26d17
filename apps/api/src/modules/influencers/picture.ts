import { randomUUID } from 'node:crypto';

import { LIMITS } from '@comped/shared/limits';
import { MSG } from '@comped/shared/messages';
import sharp from 'sharp';

import { appError } from '../../lib/app-error';
import { sniffImage, svgText } from '../../lib/file-checks';
import { assertPixelBudget, drawSvg } from '../../lib/images';
import type { SvgRasteriser } from '../../lib/svg-raster';

/** Largest side of a stored profile picture. */
const MAX_SIDE = 800;

/**
 * Checks a profile picture by content (lib/file-checks) and re-encodes it without its metadata (EXIF,
 * GPS, comments). A PNG stays PNG, a JPEG stays JPEG; an SVG is checked for scripts and external
 * content, then drawn into a PNG in a worker process (lib/images.ts `drawSvg`), so no markup is
 * ever served back. Answers the bytes and the extension of the stored file.
 */
export async function processPicture(
  buf: Buffer,
  svg: SvgRasteriser,
): Promise<{ body: Buffer; ext: 'png' | 'jpg'; contentType: string }> {
  const kind = sniffImage(buf);
  if (!kind) throw appError('validation_failed', { field: 'file', message: MSG.imageTypeLogo });
  if (kind === 'svg') {
    const [body] = await drawSvg(svg, svgText(buf) ?? '', 'file', [
      { width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true, attention: false, format: 'png' },
    ]);
    return { body: body!, ext: 'png', contentType: 'image/png' };
  }
  await assertPixelBudget(buf, 'file');
  try {
    const image = sharp(buf, { limitInputPixels: LIMITS.imagePixels })
      .rotate()
      .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
    if (kind === 'jpeg') {
      return {
        body: await image.jpeg({ quality: 85, mozjpeg: true }).toBuffer(),
        ext: 'jpg',
        contentType: 'image/jpeg',
      };
    }
    return { body: await image.png().toBuffer(), ext: 'png', contentType: 'image/png' };
  } catch {
    throw appError('validation_failed', { field: 'file', message: MSG.imageUnreadable });
  }
}

export function pictureKey(userId: number, ext: string): string {
  return `profile-pictures/${userId}/${randomUUID()}.${ext}`;
}
