import { and, asc, eq, isNull } from 'drizzle-orm';
import type { BrandResource, FileRef, LocationResource } from '@comped/shared/schemas/resources';
import type { DbOrTx } from '../../db/client';
import { brands, brandSocialNetworks, locations, menus, photos } from '../../db/schema';

type BrandRow = typeof brands.$inferSelect;

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
export async function brandResource(db: DbOrTx, brand: BrandRow): Promise<BrandResource> {
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

export async function brandResourceById(db: DbOrTx, brandId: number): Promise<BrandResource> {
  const [brand] = await db.select().from(brands).where(eq(brands.id, brandId)).limit(1);
  if (!brand) throw new Error(`brand ${brandId} vanished`);
  return brandResource(db, brand);
}

/** Locks the brand row for the rest of the transaction (counts of locations and photos). */
export async function lockBrand(tx: DbOrTx, brandId: number): Promise<void> {
  await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, brandId)).for('update');
}
