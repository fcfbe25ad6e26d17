import crypto from 'node:crypto';
import sharp from 'sharp';
import { MSG } from '@comped/shared/messages';
import { fieldError } from './http-errors';
import { isUnsafeSvg, sniffImage, svgText } from './file-checks';

export interface ProcessedImage {
  /** The re-encoded image, without metadata. */
  main: { body: Buffer; ext: 'png' | 'jpg' | 'svg'; contentType: string };
  /** A resized variant for cards and the sidebar. */
  variant: { body: Buffer; ext: 'webp'; contentType: string };
}

export interface ImageOptions {
  allowSvg: boolean;
  /** Size of the variant; `cover` crops to fill (photo cards), `inside` keeps the whole image (logos). */
  variant: { width: number; height: number; fit: 'cover' | 'inside' };
  /** The form field the errors are reported on. */
  field?: string;
}

/** Largest side kept for the main image: bigger uploads are scaled down. */
const MAX_SIDE = 2400;

/**
 * Checks an uploaded image by content and re-encodes it: EXIF orientation applied, metadata
 * (location, camera) dropped, plus a resized variant. SVGs are kept as text once found safe.
 */
export async function processImage(buf: Buffer, opts: ImageOptions): Promise<ProcessedImage> {
  const field = opts.field ?? 'file';
  const kind = sniffImage(buf);
  const typeMessage = opts.allowSvg ? MSG.imageTypeLogo : MSG.imageTypePhoto;
  if (!kind || (kind === 'svg' && !opts.allowSvg)) throw fieldError(field, typeMessage);

  if (kind === 'svg') {
    const text = svgText(buf) ?? '';
    if (isUnsafeSvg(text)) throw fieldError(field, MSG.svgUnsafe);
    try {
      const variant = await sharp(Buffer.from(text, 'utf8'))
        .resize(opts.variant.width, opts.variant.height, { fit: opts.variant.fit, withoutEnlargement: false })
        .webp({ quality: 85 })
        .toBuffer();
      return {
        main: { body: Buffer.from(text.trim(), 'utf8'), ext: 'svg', contentType: 'image/svg+xml' },
        variant: { body: variant, ext: 'webp', contentType: 'image/webp' },
      };
    } catch {
      throw fieldError(field, MSG.imageUnreadable);
    }
  }

  try {
    const base = sharp(buf, { failOn: 'error' }).rotate();
    const resizedMain = base.clone().resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
    const main =
      kind === 'png'
        ? {
            body: await resizedMain.png({ compressionLevel: 9 }).toBuffer(),
            ext: 'png' as const,
            contentType: 'image/png',
          }
        : {
            body: await resizedMain.jpeg({ quality: 85, mozjpeg: true }).toBuffer(),
            ext: 'jpg' as const,
            contentType: 'image/jpeg',
          };
    const variant = await base
      .clone()
      .resize(opts.variant.width, opts.variant.height, { fit: opts.variant.fit, position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
    return { main, variant: { body: variant, ext: 'webp', contentType: 'image/webp' } };
  } catch {
    throw fieldError(field, MSG.imageUnreadable);
  }
}

/** A server-made, unguessable file name (never the uploader's). */
export function randomName(): string {
  return crypto.randomBytes(16).toString('hex');
}
