import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { MSG } from '@comped/shared/messages';
import { fieldError } from '../../lib/http-errors';

export type PictureKind = 'png' | 'jpeg' | 'svg';

/** What the bytes are, by content (magic bytes), never by name or declared type. */
export function sniffPicture(buf: Buffer): PictureKind | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  const head = buf
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  // Optional XML declaration, comments and doctype, then the <svg> root.
  const rest = head.replace(/^(\s|<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[^\]]*\])?\s*>)*/i, '');
  if (/^<svg[\s>]/i.test(rest)) return 'svg';
  return null;
}

/** Scripts, event handlers, embedded HTML, entities and links to other documents. */
const UNSAFE_SVG =
  /<script|\bon[a-z]+\s*=|javascript:|<foreignObject|<!ENTITY|<iframe|<embed|<object|(?:xlink:)?href\s*=\s*["']\s*(?!#)|@import|url\(\s*["']?\s*(?!#)/i;

export function isUnsafeSvg(buf: Buffer): boolean {
  return UNSAFE_SVG.test(buf.toString('utf8'));
}

/** Largest side of a stored profile picture. */
const MAX_SIDE = 800;

/**
 * Re-encodes a profile picture without its metadata (EXIF, GPS, comments). A PNG stays PNG, a JPEG
 * stays JPEG; an SVG is checked for scripts and external content, then drawn into a PNG so no markup
 * is ever served back. Answers the bytes and the extension of the stored file.
 */
export async function processPicture(buf: Buffer): Promise<{ body: Buffer; ext: 'png' | 'jpg'; contentType: string }> {
  const kind = sniffPicture(buf);
  if (!kind) throw fieldError('file', MSG.imageTypeLogo);
  if (kind === 'svg' && isUnsafeSvg(buf)) throw fieldError('file', MSG.svgUnsafe);
  try {
    const image = sharp(buf, kind === 'svg' ? { density: 144 } : {})
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
    throw fieldError('file', MSG.imageUnreadable);
  }
}

export function pictureKey(userId: number, ext: string): string {
  return `profile-pictures/${userId}/${randomUUID()}.${ext}`;
}
