import type { BrandResource, FileRef } from '@comped/shared/schemas/resources';
import { and, asc, eq, isNull } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { brands, brandSocialNetworks, locations, menus, photos } from '../../db/schema';
import { toLocationResource } from '../locations/locations.serializer';
import type { BrandRow } from './brands.policy';

export function toPhotoRef(row: typeof photos.$inferSelect): FileRef {
  return { id: row.id, name: row.name, path: row.path, thumb_path: row.thumbPath };
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
