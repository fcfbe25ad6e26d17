import { creatorResourceSchema } from '@comped/shared/schemas/directory';
import { pagedOf } from '@comped/shared/schemas/envelopes';
import { creatorsQuerySchema } from '@comped/shared/validation/directory';
import { dbId } from '@comped/shared/validation/fields';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { currentUser, requireAuth } from '../../plugins/auth';
import { BRAND_MANAGERS, brandRoles } from '../brands/brands.policy';
import { assertMayUseDirectory } from './directory.policy';
import { listCreators } from './list-creators';

const params = z.object({ id: dbId() });

/** The creator directory (issue 28, decisions.md round 3): brands only, never media users. */
export async function directoryRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['directory'];

  r.get(
    '/brands/:id/creators',
    {
      onRequest: [requireAuth('brands'), brandRoles(BRAND_MANAGERS)],
      schema: {
        params,
        querystring: creatorsQuerySchema,
        tags,
        summary: 'Approved media users who stay listed, most reliable first (owner with a plan)',
        response: { 200: pagedOf(creatorResourceSchema) },
      },
    },
    async (request) => {
      await assertMayUseDirectory(app.ctx.db, currentUser(request), request.params.id);
      return listCreators(app.ctx, request.params.id, request.query);
    },
  );
}
