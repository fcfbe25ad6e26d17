import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Sharp } from 'sharp';
import { MSG } from '@comped/shared/messages';
import { fieldError } from '../../lib/http-errors';
import type { Storage } from '../../lib/storage/storage';

/** A featured photo as it arrived in the multipart body. */
export interface IncomingPhoto {
  buffer: Buffer;
  /** The file went over the 10 MB limit and was cut off. */
  truncated: boolean;
}

export interface StoredPhoto {
  /** Generated name without extension: the `{photoId}` of DELETE campaigns/{id}/photos/{photoId}. */
  name: string;
  path: string;
  thumbPath: string;
}

const FIELD = 'featured_photos';
/** Card size of the brand photo help (600x360). */
const CARD = { width: 600, height: 360 };
/** The full image is bounded too: nobody needs more than this on a campaign page. */
const FULL_MAX = 2000;

/** The image type by its first bytes (decisions.md: by content, not by name). */
export function sniffImage(buf: Buffer): 'png' | 'jpeg' | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  return null;
}

/** Size and type checks of every new photo, before anything is stored (422 on featured_photos). */
export function checkIncomingPhotos(photos: IncomingPhoto[]): void {
  for (const p of photos) {
    if (p.truncated) throw fieldError(FIELD, MSG.imageTooLarge);
    if (!sniffImage(p.buffer)) throw fieldError(FIELD, MSG.photoType);
  }
}

/** Re-encodes (metadata stripped, orientation applied), makes the card variant, and stores both. */
export async function storeFeaturedPhotos(storage: Storage, photos: IncomingPhoto[]): Promise<StoredPhoto[]> {
  const prepared: { name: string; ext: string; type: string; full: Buffer; card: Buffer }[] = [];
  for (const p of photos) {
    const kind = sniffImage(p.buffer);
    if (!kind) throw fieldError(FIELD, MSG.photoType);
    try {
      const base = () => sharp(p.buffer, { failOn: 'error' }).rotate();
      const encode = (s: Sharp) => (kind === 'png' ? s.png({ compressionLevel: 9 }) : s.jpeg({ quality: 85 }));
      const full = await encode(
        base().resize({ width: FULL_MAX, height: FULL_MAX, fit: 'inside', withoutEnlargement: true }),
      ).toBuffer();
      const card = await encode(base().resize({ ...CARD, fit: 'cover' })).toBuffer();
      prepared.push({
        name: randomBytes(16).toString('hex'),
        ext: kind === 'png' ? 'png' : 'jpg',
        type: kind === 'png' ? 'image/png' : 'image/jpeg',
        full,
        card,
      });
    } catch {
      throw fieldError(FIELD, MSG.photoType);
    }
  }
  const stored: StoredPhoto[] = [];
  try {
    for (const p of prepared) {
      const photo = {
        name: p.name,
        path: `campaigns/${p.name}.${p.ext}`,
        thumbPath: `campaigns/${p.name}-card.${p.ext}`,
      };
      await storage.put(photo.path, p.full, p.type);
      await storage.put(photo.thumbPath, p.card, p.type);
      stored.push(photo);
    }
  } catch (err) {
    await removeStoredPhotos(storage, stored);
    throw err;
  }
  return stored;
}

/** Best effort: a file left behind is harmless, a failed request is not. */
export async function removeStoredPhotos(
  storage: Storage,
  photos: { path: string; thumbPath: string }[],
): Promise<void> {
  for (const p of photos) {
    await storage.delete(p.path).catch(() => undefined);
    await storage.delete(p.thumbPath).catch(() => undefined);
  }
}
