import type { BrandResource } from '@comped/shared/schemas/resources';

import type { AppContext } from '../../context';
import { menus } from '../../db/schema';
import { randomName } from '../../lib/images';
import type { WarnLog } from './brand-files';
import { removeFiles } from './brand-files';
import { toBrandResourceById } from './brands.serializer';

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
