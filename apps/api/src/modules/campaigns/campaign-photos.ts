import { MSG } from '@comped/shared/messages';
import { featuredPhotoCountIssue } from '@comped/shared/validation/campaign';

import { appError } from '../../lib/app-error';
import { sniffImage } from '../../lib/file-checks';
import type { ProcessedImage } from '../../lib/images';
import { processImage, randomName } from '../../lib/images';
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
const CARD = { width: 600, height: 360, fit: 'cover' } as const;

/** Featured photos are PNG or JPEG by content (decisions.md: by content, not by name); no SVG. */
function isPhoto(buf: Buffer): boolean {
  const kind = sniffImage(buf);
  return kind === 'png' || kind === 'jpeg';
}

/**
 * Size and type checks of every new photo, then the count with the `saved` ones (at least one, at
 * most 5), before anything is stored (422 on featured_photos).
 */
export function checkIncomingPhotos(photos: IncomingPhoto[], saved = 0): void {
  for (const p of photos) {
    if (p.truncated) throw appError('validation_failed', { field: FIELD, message: MSG.imageTooLarge });
    if (!isPhoto(p.buffer)) throw appError('validation_failed', { field: FIELD, message: MSG.photoType });
  }
  const countIssue = featuredPhotoCountIssue(saved + photos.length);
  if (countIssue) throw appError('validation_failed', { field: FIELD, message: countIssue });
}

/** Re-encodes (metadata stripped, orientation applied), makes the card variant, and stores both. */
export async function storeFeaturedPhotos(storage: Storage, photos: IncomingPhoto[]): Promise<StoredPhoto[]> {
  const prepared: { name: string; image: ProcessedImage }[] = [];
  for (const p of photos) {
    if (!isPhoto(p.buffer)) throw appError('validation_failed', { field: FIELD, message: MSG.photoType });
    const image = await processImage(p.buffer, { allowSvg: false, variant: CARD, field: FIELD });
    prepared.push({ name: randomName(), image });
  }
  const stored: StoredPhoto[] = [];
  try {
    for (const { name, image } of prepared) {
      const photo = {
        name,
        path: `campaigns/${name}.${image.main.ext}`,
        thumbPath: `campaigns/${name}-card.${image.variant.ext}`,
      };
      await storage.put(photo.path, image.main.body, image.main.contentType);
      await storage.put(photo.thumbPath, image.variant.body, image.variant.contentType);
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
