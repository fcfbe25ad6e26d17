import crypto from 'node:crypto';

import { LIMITS } from '@comped/shared/limits';
import { MSG } from '@comped/shared/messages';
import type { Metadata, Sharp } from 'sharp';
import sharp from 'sharp';

import { appError } from './app-error';
import { isUnsafeSvg, sniffImage, svgText } from './file-checks';
import { measureSvg } from './svg-complexity';
import type { SvgRasteriser } from './svg-raster';
import { SvgRasterError } from './svg-raster';
import type { SvgRasterOutput } from './svg-raster-protocol';

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
  /** Where SVGs are drawn (`ctx.svgRasteriser`); needed with `allowSvg`. */
  svg?: SvgRasteriser;
}

/** Largest side kept for the main image: bigger uploads are scaled down. */
const MAX_SIDE = 2400;

/**
 * Checks an uploaded image by content and re-encodes it: EXIF orientation applied, metadata
 * (location, camera) dropped, plus a resized variant. SVGs are checked, then drawn into a PNG in a
 * worker process (`drawSvg`).
 */
export async function processImage(buf: Buffer, opts: ImageOptions): Promise<ProcessedImage> {
  const field = opts.field ?? 'file';
  const kind = sniffImage(buf);
  const typeMessage = opts.allowSvg ? MSG.imageTypeLogo : MSG.imageTypePhoto;
  if (!kind || (kind === 'svg' && !opts.allowSvg))
    throw appError('validation_failed', { field: field, message: typeMessage });

  if (kind === 'svg') {
    // Checked, then drawn into a PNG: no SVG markup is ever stored or served back (issue 11).
    if (!opts.svg) throw new Error('processImage: an SVG needs opts.svg (ctx.svgRasteriser)');
    const [main, variant] = await drawSvg(opts.svg, svgText(buf) ?? '', field, [
      { width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true, attention: false, format: 'png' },
      { ...opts.variant, withoutEnlargement: false, attention: true, format: 'webp' },
    ]);
    return {
      main: { body: main!, ext: 'png', contentType: 'image/png' },
      variant: { body: variant!, ext: 'webp', contentType: 'image/webp' },
    };
  }
  await assertPixelBudget(buf, field);
  return rasterise(sharp(buf, { failOn: 'error', limitInputPixels: LIMITS.imagePixels }).rotate(), opts, field, kind);
}

/**
 * An uploaded SVG drawn into `outputs` (issue 24): refused unless it is safe (no script, nothing
 * external) and small enough to draw (LIMITS.svgElements, svgDrawnElements), then drawn in a worker
 * process within a time and memory limit; each refusal is a 422 on `field` that says why, and a
 * full line of SVGs waiting is a 503 to try again.
 */
export async function drawSvg(
  rasteriser: SvgRasteriser,
  text: string,
  field: string,
  outputs: SvgRasterOutput[],
): Promise<Buffer[]> {
  if (isUnsafeSvg(text)) throw appError('validation_failed', { field: field, message: MSG.svgUnsafe });
  const measured = measureSvg(text);
  if (!measured.ok) {
    throw appError('validation_failed', {
      field: field,
      message: measured.reason === 'too_many_elements' ? MSG.svgTooManyElements : MSG.imageUnreadable,
    });
  }
  try {
    return await rasteriser.rasterise({ svg: text, density: 144, limitInputPixels: LIMITS.imagePixels, outputs });
  } catch (err) {
    if (!(err instanceof SvgRasterError)) throw err;
    switch (err.reason) {
      case 'too_slow':
        throw appError('validation_failed', { field: field, message: MSG.svgTooSlow });
      case 'too_much_memory':
        throw appError('validation_failed', { field: field, message: MSG.svgTooMuchMemory });
      case 'unreadable':
        throw appError('validation_failed', { field: field, message: MSG.imageUnreadable });
      case 'busy':
        throw appError('service_unavailable', { message: MSG.imagesBusy, headers: { 'Retry-After': '60' } });
    }
  }
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
    throw appError('validation_failed', { field: field, message: MSG.imageUnreadable });
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > LIMITS.imagePixels)
    throw appError('validation_failed', { field: field, message: MSG.imageTooManyPixels });
}

async function rasterise(
  base: Sharp,
  opts: ImageOptions,
  field: string,
  kind: 'png' | 'jpeg',
): Promise<ProcessedImage> {
  try {
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
    throw appError('validation_failed', { field: field, message: MSG.imageUnreadable });
  }
}

/** A server-made, unguessable file name (never the uploader's). */
export function randomName(): string {
  return crypto.randomBytes(16).toString('hex');
}
