import { LIMITS } from '@comped/shared/limits';
import { MSG } from '@comped/shared/messages';
import type { BrandResource, FileRef, LocationResource } from '@comped/shared/schemas/resources';
import type { BrandSocialNetworkName, ClearableBrandField } from '@comped/shared/validation/brand';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { brands, brandSocialNetworks, locations, menus, photos } from '../../db/schema';
import { appError } from '../../lib/app-error';
import { processImage, randomName } from '../../lib/images';

type BrandRow = typeof brands.$inferSelect;
type PhotoRow = typeof photos.$inferSelect;
type BrandPatch = Partial<typeof brands.$inferInsert>;
/** Where a stored file that could not be deleted is reported (the app's logger). */
type WarnLog = Pick<FastifyBaseLogger, 'warn'>;

/** A location as the API sends it (inside a brand and from the locations routes). */
export function toLocationResource(row: typeof locations.$inferSelect): LocationResource {
  return {
    id: row.id,
    brand_id: row.brandId,
    name: row.name,
    address: row.address,
    email: row.email,
    phone: row.phone,
    contact: row.contact,
    zip: row.zip,
    time_zone: row.timeZone,
    hours: row.hours,
  };
}

export function toPhotoRef(row: typeof photos.$inferSelect): FileRef {
  return { id: row.id, name: row.name, path: row.path, thumb_path: row.thumbPath };
}

/** Variant key of a stored image: `<key without extension>-thumb.webp`. */
export function variantKeyOf(key: string): string {
  return key.replace(/\.[a-z0-9]+$/i, '') + '-thumb.webp';
}

/** `BrandResource`: the brand with its links, live locations, menus and photos. */
export async function toBrandResource(db: DbOrTx, brand: BrandRow): Promise<BrandResource> {
  const [networks, locs, menuRows, photoRows] = await Promise.all([
    db
      .select()
      .from(brandSocialNetworks)
      .where(eq(brandSocialNetworks.brandId, brand.id))
      .orderBy(asc(brandSocialNetworks.id)),
    db
      .select()
      .from(locations)
      .where(and(eq(locations.brandId, brand.id), isNull(locations.deletedAt)))
      .orderBy(asc(locations.id)),
    db.select().from(menus).where(eq(menus.brandId, brand.id)).orderBy(asc(menus.id)),
    db.select().from(photos).where(eq(photos.brandId, brand.id)).orderBy(asc(photos.id)),
  ]);
  return {
    id: brand.id,
    name: brand.name,
    description: brand.description,
    address: brand.address,
    zip: brand.zip,
    phones: brand.phones,
    logo: brand.logo,
    brandType: brand.brandType,
    socialnetworks: networks.map((n) => ({ id: n.id, name: n.name, handle: n.handle })),
    locations: locs.map(toLocationResource),
    menus: menuRows.map((m) => ({ id: m.id, name: m.name, path: m.path })),
    photos: photoRows.map(toPhotoRef),
  };
}

export async function toBrandResourceById(db: DbOrTx, brandId: number): Promise<BrandResource> {
  const [brand] = await db.select().from(brands).where(eq(brands.id, brandId)).limit(1);
  if (!brand) throw new Error(`brand ${brandId} vanished`);
  return toBrandResource(db, brand);
}

/** Locks the brand row for the rest of the transaction (counts of locations and photos). */
export async function lockBrand(tx: DbOrTx, brandId: number): Promise<void> {
  await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, brandId)).for('update');
}

/** Deletes stored files; a failure is logged, never thrown (the row is already gone or kept). */
async function removeFiles(ctx: AppContext, log: WarnLog, keys: (string | null | undefined)[]): Promise<void> {
  for (const key of keys) {
    if (!key) continue;
    try {
      await ctx.storage.delete(key);
    } catch (err) {
      log.warn({ err, key }, 'could not delete a stored file');
    }
  }
}

/** Writes `patch` on the brand and answers the updated brand resource. */
export async function updateBrand(ctx: AppContext, brandId: number, patch: BrandPatch): Promise<BrandResource> {
  await ctx.db
    .update(brands)
    .set({ ...patch, updatedAt: ctx.clock.now() })
    .where(eq(brands.id, brandId));
  return toBrandResourceById(ctx.db, brandId);
}

/** Clears an optional field; clearing the logo also deletes its stored files. */
export async function clearBrandField(
  ctx: AppContext,
  log: WarnLog,
  brand: BrandRow,
  field: ClearableBrandField,
): Promise<BrandResource> {
  const saved = await updateBrand(ctx, brand.id, { [field]: null });
  if (field === 'logo' && brand.logo) await removeFiles(ctx, log, [brand.logo, variantKeyOf(brand.logo)]);
  return saved;
}

/** Replaces the brand's social links in one transaction; an empty handle drops that network. */
export async function replaceSocialNetworks(
  ctx: AppContext,
  brandId: number,
  networks: { name: BrandSocialNetworkName; handle: string }[],
): Promise<BrandResource> {
  const kept = networks.filter((s) => s.handle !== '');
  await ctx.db.transaction(async (tx) => {
    await tx.delete(brandSocialNetworks).where(eq(brandSocialNetworks.brandId, brandId));
    if (kept.length > 0) {
      await tx.insert(brandSocialNetworks).values(kept.map((s) => ({ brandId, name: s.name, handle: s.handle })));
    }
  });
  return toBrandResourceById(ctx.db, brandId);
}

/** Stores an uploaded logo (png, jpeg or svg) with its 256 px variant, then drops the old files. */
export async function replaceLogo(
  ctx: AppContext,
  log: WarnLog,
  brand: BrandRow,
  upload: Buffer,
): Promise<BrandResource> {
  const image = await processImage(upload, {
    allowSvg: true,
    variant: { width: 256, height: 256, fit: 'inside' },
    svg: ctx.svgRasteriser,
  });
  const key = `brands/${brand.id}/logo-${randomName()}.${image.main.ext}`;
  await ctx.storage.put(key, image.main.body, image.main.contentType);
  await ctx.storage.put(variantKeyOf(key), image.variant.body, image.variant.contentType);
  const saved = await updateBrand(ctx, brand.id, { logo: key });
  if (brand.logo) await removeFiles(ctx, log, [brand.logo, variantKeyOf(brand.logo)]);
  return saved;
}

/** Stores a menu PDF and its row; the file is deleted again when the row cannot be written. */
export async function addMenu(
  ctx: AppContext,
  log: WarnLog,
  brandId: number,
  menu: { name: string; pdf: Buffer },
): Promise<BrandResource> {
  const key = `brands/${brandId}/menus/${randomName()}.pdf`;
  await ctx.storage.put(key, menu.pdf, 'application/pdf');
  try {
    await ctx.db.insert(menus).values({ brandId, name: menu.name, path: key, size: menu.pdf.length });
  } catch (err) {
    await removeFiles(ctx, log, [key]);
    throw err;
  }
  return toBrandResourceById(ctx.db, brandId);
}

/** Deletes the brand's menu stored at `path` (404 when none) and its file. */
export async function deleteMenu(ctx: AppContext, log: WarnLog, brandId: number, path: string): Promise<BrandResource> {
  const [row] = await ctx.db
    .delete(menus)
    .where(and(eq(menus.brandId, brandId), eq(menus.path, path)))
    .returning();
  if (!row) throw appError('not_found', { message: MSG.menuNotFound });
  await removeFiles(ctx, log, [row.path]);
  return toBrandResourceById(ctx.db, brandId);
}

/**
 * Adds a gallery photo (png or jpeg) with its 600x360 thumbnail. The brand row lock makes the
 * limit check and the insert one step; the files are deleted again when the transaction fails.
 */
export async function addPhoto(ctx: AppContext, log: WarnLog, brandId: number, upload: Buffer): Promise<FileRef> {
  const image = await processImage(upload, {
    allowSvg: false,
    variant: { width: 600, height: 360, fit: 'cover' },
  });
  const name = randomName();
  const key = `brands/${brandId}/photos/${name}.${image.main.ext}`;
  const thumbKey = variantKeyOf(key);
  const row = await ctx.db
    .transaction(async (tx) => {
      await lockBrand(tx, brandId);
      const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(photos).where(eq(photos.brandId, brandId));
      if (n >= LIMITS.galleryPhotos)
        throw appError('photo_limit_reached', { errors: { file: [MSG.maxPhotosReached] } });
      await ctx.storage.put(key, image.main.body, image.main.contentType);
      await ctx.storage.put(thumbKey, image.variant.body, image.variant.contentType);
      const [inserted] = await tx.insert(photos).values({ brandId, name, path: key, thumbPath: thumbKey }).returning();
      return inserted!;
    })
    .catch(async (err: unknown) => {
      await removeFiles(ctx, log, [key, thumbKey]);
      throw err;
    });
  return toPhotoRef(row);
}

/** A gallery photo by id, or 404. */
export async function photoById(db: DbOrTx, id: number): Promise<PhotoRow> {
  const [photo] = await db.select().from(photos).where(eq(photos.id, id)).limit(1);
  if (!photo) throw appError('not_found');
  return photo;
}

/** Deletes a gallery photo's row, then its files. */
export async function deletePhoto(ctx: AppContext, log: WarnLog, photo: PhotoRow): Promise<void> {
  await ctx.db.delete(photos).where(eq(photos.id, photo.id));
  await removeFiles(ctx, log, [photo.path, photo.thumbPath]);
}
