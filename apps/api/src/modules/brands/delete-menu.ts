import { MSG } from '@comped/shared/messages';
import type { BrandResource } from '@comped/shared/schemas/resources';
import { and, eq } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { menus } from '../../db/schema';
import { appError } from '../../lib/app-error';
import type { WarnLog } from './brand-files';
import { removeFiles } from './brand-files';
import { toBrandResourceById } from './brands.serializer';

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
