import crypto from 'node:crypto';
import sharp from 'sharp';
import type { Metadata, Sharp } from 'sharp';
import { LIMITS } from '@comped/shared/limits';
import { MSG } from '@comped/shared/messages';
import { fieldError } from './http-errors';
import { isUnsafeSvg, sniffImage, svgText } from './file-checks';

export interface ProcessedImage {
  /** The re-encoded image, without metadata. */
  main: { body: Buffer; ext: 'png' | 'jpg'; contentType: string };
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
 * (location, camera) dropped, plus a resized variant. SVGs are checked, then rasterised to PNG.
 */
export async function processImage(buf: Buffer, opts: ImageOptions): Promise<ProcessedImage> {
  const field = opts.field ?? 'file';
  const kind = sniffImage(buf);
  const typeMessage = opts.allowSvg ? MSG.imageTypeLogo : MSG.imageTypePhoto;
  if (!kind || (kind === 'svg' && !opts.allowSvg)) throw fieldError(field, typeMessage);

  if (kind === 'svg') {
    // Checked, then drawn into a PNG: no SVG markup is ever stored or served back (issue 11).
    const text = svgText(buf) ?? '';
    if (isUnsafeSvg(text)) throw fieldError(field, MSG.svgUnsafe);
    const svg = sharp(Buffer.from(text, 'utf8'), { density: 144, limitInputPixels: LIMITS.imagePixels });
    return rasterise(svg, opts, field);
  }
  await assertPixelBudget(buf, field);
  return rasterise(sharp(buf, { failOn: 'error', limitInputPixels: LIMITS.imagePixels }).rotate(), opts, field, kind);
}

/**
 * Refuses an image whose header declares more than LIMITS.imagePixels before anything is decoded:
 * a small file can declare 30000 x 30000 pixels (a decompression bomb).
 */
export async function assertPixelBudget(buf: Buffer, field: string): Promise<void> {
  let meta: Metadata;
  try {
    meta = await sharp(buf, { limitInputPixels: false }).metadata();
  } catch {
    throw fieldError(field, MSG.imageUnreadable);
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > LIMITS.imagePixels) throw fieldError(field, MSG.imageTooManyPixels);
}

async function rasterise(
  base: Sharp,
  opts: ImageOptions,
  field: string,
  kind: 'png' | 'jpeg' | 'svg' = 'svg',
): Promise<ProcessedImage> {
  try {
    const resizedMain = base.clone().resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
    const main =
      kind !== 'jpeg'
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
