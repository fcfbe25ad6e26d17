import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '@comped/shared/limits';
import { MSG } from '@comped/shared/messages';
import {
  brandFieldClearSchema,
  brandFieldSchema,
  brandGeneralSchema,
  brandSocialNetworksSchema,
  menuDeleteSchema,
  menuUploadSchema,
} from '@comped/shared/validation/brand';
import { brands, brandSocialNetworks, menus, photos } from '../../db/schema';
import { isPdf } from '../../lib/file-checks';
import { fieldError, fieldErrors, httpError, notFound, zodFieldErrors } from '../../lib/http-errors';
import { processImage, randomName } from '../../lib/images';
import { currentUser, requireAuth } from '../../plugins/auth';
import { assertActiveSubscription } from '../subscriptions/subscription.policy';
import { assertOwnsBrand } from './brand.policy';
import { brandResource, brandResourceById, lockBrand, toPhotoRef, variantKeyOf } from './brands.service';
import { readUpload } from './uploads';
import { dbId } from '@comped/shared/validation/fields';

const idParams = z.object({ id: dbId() });
const tags = ['brands'];

/** Brand profile, social links, logo, menus and photos (spec section 7). Owners only. */
export async function brandsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const owner = requireAuth('brands');

  /** A write on `brands/{id}`: the signed-in owner's brand, with an active subscription. */
  async function brandForWrite(request: FastifyRequest, brandId: number) {
    const user = currentUser(request);
    const brand = await assertOwnsBrand(ctx.db, user.id, brandId);
    await assertActiveSubscription(ctx.db, user.id);
    return brand;
  }

  /** Writes `patch` on the brand and answers the updated brand resource. */
  async function saveBrand(brandId: number, patch: Partial<typeof brands.$inferInsert>) {
    await ctx.db
      .update(brands)
      .set({ ...patch, updatedAt: ctx.clock.now() })
      .where(eq(brands.id, brandId));
    return { data: await brandResourceById(ctx.db, brandId) };
  }

  async function removeFiles(keys: (string | null | undefined)[]) {
    for (const key of keys) {
      if (!key) continue;
      try {
        await ctx.storage.delete(key);
      } catch (err) {
        app.log.warn({ err, key }, 'could not delete a stored file');
      }
    }
  }

  r.get(
    '/brands/:id',
    {
      schema: { params: idParams, tags, summary: 'The brand with its locations, menus and photos' },
      preHandler: owner,
    },
    async (request) => {
      const brand = await assertOwnsBrand(ctx.db, currentUser(request).id, request.params.id);
      return { data: await brandResource(ctx.db, brand) };
    },
  );

  r.patch(
    '/brands/:id',
    {
      schema: { params: idParams, body: brandGeneralSchema, tags, summary: 'Update the general info' },
      preHandler: owner,
    },
    async (request) => {
      const brand = await brandForWrite(request, request.params.id);
      return saveBrand(brand.id, request.body);
    },
  );

  r.put(
    '/brands/:id/field',
    { schema: { params: idParams, body: brandFieldSchema, tags, summary: 'Set one general field' }, preHandler: owner },
    async (request) => {
      const brand = await brandForWrite(request, request.params.id);
      const { field, value } = request.body;
      return saveBrand(brand.id, { [field]: value });
    },
  );

  r.delete(
    '/brands/:id/field',
    {
      schema: { params: idParams, body: brandFieldClearSchema, tags, summary: 'Clear an optional field' },
      preHandler: owner,
    },
    async (request) => {
      const brand = await brandForWrite(request, request.params.id);
      const { field } = request.body;
      const saved = await saveBrand(brand.id, { [field]: null });
      if (field === 'logo' && brand.logo) await removeFiles([brand.logo, variantKeyOf(brand.logo)]);
      return saved;
    },
  );

  r.put(
    '/brands/socialnetworks/:id',
    {
      schema: { params: idParams, body: brandSocialNetworksSchema, tags, summary: 'Replace the social links' },
      preHandler: owner,
    },
    async (request) => {
      const brand = await brandForWrite(request, request.params.id);
      const kept = request.body.socialnetworks.filter((s) => s.handle !== '');
      await ctx.db.transaction(async (tx) => {
        await tx.delete(brandSocialNetworks).where(eq(brandSocialNetworks.brandId, brand.id));
        if (kept.length > 0) {
          await tx
            .insert(brandSocialNetworks)
            .values(kept.map((s) => ({ brandId: brand.id, name: s.name, handle: s.handle })));
        }
      });
      return { data: await brandResourceById(ctx.db, brand.id) };
    },
  );

  r.post(
    '/brands/:id/logo',
    {
      schema: {
        params: idParams,
        tags,
        summary: 'Upload the logo (multipart `file`: png, jpeg or svg, up to 10 MB)',
        consumes: ['multipart/form-data'],
      },
      preHandler: owner,
    },
    async (request) => {
      const brand = await brandForWrite(request, request.params.id);
      const { file } = await readUpload(request, { tooLarge: MSG.imageTooLarge });
      if (!file) throw fieldError('file', MSG.fileRequired);
      const image = await processImage(file.buffer, {
        allowSvg: true,
        variant: { width: 256, height: 256, fit: 'inside' },
      });
      const key = `brands/${brand.id}/logo-${randomName()}.${image.main.ext}`;
      await ctx.storage.put(key, image.main.body, image.main.contentType);
      await ctx.storage.put(variantKeyOf(key), image.variant.body, image.variant.contentType);
      const saved = await saveBrand(brand.id, { logo: key });
      if (brand.logo) await removeFiles([brand.logo, variantKeyOf(brand.logo)]);
      return saved;
    },
  );

  r.post(
    '/brands/:id/menu',
    {
      schema: {
        params: idParams,
        tags,
        summary: 'Upload a menu (multipart `file`: a PDF up to 10 MB, and `name`)',
        consumes: ['multipart/form-data'],
      },
      preHandler: owner,
    },
    async (request, reply) => {
      const brand = await brandForWrite(request, request.params.id);
      const { fields, file } = await readUpload(request, { tooLarge: MSG.menuTooLarge });
      const parsed = menuUploadSchema.safeParse(fields);
      const errors = parsed.success ? {} : zodFieldErrors(parsed.error.issues);
      if (!file) errors.file = [MSG.fileRequired];
      else if (!isPdf(file.buffer)) errors.file = [MSG.menuNotPdf];
      if (!parsed.success || Object.keys(errors).length > 0) throw fieldErrors(errors);
      const key = `brands/${brand.id}/menus/${randomName()}.pdf`;
      await ctx.storage.put(key, file!.buffer, 'application/pdf');
      try {
        await ctx.db
          .insert(menus)
          .values({ brandId: brand.id, name: parsed.data.name, path: key, size: file!.buffer.length });
      } catch (err) {
        await removeFiles([key]);
        throw err;
      }
      return reply.code(201).send({ data: await brandResourceById(ctx.db, brand.id) });
    },
  );

  r.delete(
    '/brands/:id/menu',
    {
      schema: { params: idParams, body: menuDeleteSchema, tags, summary: 'Delete a menu by its path' },
      preHandler: owner,
    },
    async (request) => {
      const brand = await brandForWrite(request, request.params.id);
      const [row] = await ctx.db
        .delete(menus)
        .where(and(eq(menus.brandId, brand.id), eq(menus.path, request.body.path)))
        .returning();
      if (!row) throw notFound(MSG.menuNotFound);
      await removeFiles([row.path]);
      return { data: await brandResourceById(ctx.db, brand.id) };
    },
  );

  r.post(
    '/photos',
    {
      schema: {
        tags,
        summary: 'Add a brand photo (multipart `brand_id` and `file`: png or jpeg up to 10 MB; 5 at most)',
        consumes: ['multipart/form-data'],
      },
      preHandler: owner,
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { fields, file } = await readUpload(request, { tooLarge: MSG.imageTooLarge });
      const brandId = dbId().safeParse(fields.brand_id);
      if (!brandId.success) throw fieldError('brand_id', MSG.required);
      const brand = await brandForWrite(request, brandId.data);
      if (!file) throw fieldError('file', MSG.fileRequired);
      const image = await processImage(file.buffer, {
        allowSvg: false,
        variant: { width: 600, height: 360, fit: 'cover' },
      });
      const name = randomName();
      const key = `brands/${brand.id}/photos/${name}.${image.main.ext}`;
      const thumbKey = variantKeyOf(key);
      const row = await ctx.db
        .transaction(async (tx) => {
          await lockBrand(tx, brand.id);
          const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(photos).where(eq(photos.brandId, brand.id));
          if (n >= LIMITS.galleryPhotos)
            throw httpError(422, MSG.maxPhotosReached, 'photo_limit_reached', {
              errors: { file: [MSG.maxPhotosReached] },
            });
          await ctx.storage.put(key, image.main.body, image.main.contentType);
          await ctx.storage.put(thumbKey, image.variant.body, image.variant.contentType);
          const [inserted] = await tx
            .insert(photos)
            .values({ brandId: brand.id, name, path: key, thumbPath: thumbKey })
            .returning();
          return inserted!;
        })
        .catch(async (err: unknown) => {
          await removeFiles([key, thumbKey]);
          throw err;
        });
      request.log.info({ userId: user.id, photoId: row.id }, 'brand photo added');
      return reply.code(201).send({ data: toPhotoRef(row) });
    },
  );

  r.delete(
    '/photos/:id',
    { schema: { params: idParams, tags, summary: 'Delete a brand photo' }, preHandler: owner },
    async (request, reply) => {
      const [photo] = await ctx.db.select().from(photos).where(eq(photos.id, request.params.id)).limit(1);
      if (!photo) throw notFound();
      await brandForWrite(request, photo.brandId);
      await ctx.db.delete(photos).where(eq(photos.id, photo.id));
      await removeFiles([photo.path, photo.thumbPath]);
      return reply.code(204).send();
    },
  );
}
