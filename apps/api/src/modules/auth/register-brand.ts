import { MSG } from '@comped/shared/messages';
import type { LoginResponse } from '@comped/shared/schemas/session';
import type { brandSignupSchema } from '@comped/shared/validation/auth';
import type { z } from 'zod';

import type { AppContext } from '../../context';
import { brands, users } from '../../db/schema';
import { appError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/database-errors';
import { hashPassword } from '../../lib/passwords';
import { recordEvent } from '../analytics/record-event';
import { emailTaken, issueAccessToken } from './credentials';
import { buildSessionUser } from './session-user';

export async function registerBrand(
  ctx: AppContext,
  input: z.output<typeof brandSignupSchema>,
): Promise<LoginResponse> {
  const now = ctx.clock.now();
  if (await emailTaken(ctx.db, input.email))
    throw appError('validation_failed', { field: 'email', message: MSG.emailTaken });
  const passwordHash = await hashPassword(input.password);
  try {
    const { userId, token } = await ctx.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          name: input.name,
          email: input.email,
          role: 'brands',
          passwordHash,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id });
      if (!user) throw new Error('user insert returned nothing');
      await tx.insert(brands).values({
        ownerId: user.id,
        name: input.name,
        address: input.address,
        zip: input.zip,
        phones: input.phones,
        createdAt: now,
        updatedAt: now,
      });
      await recordEvent(tx, 'brand_sign_up', user.id, now);
      return { userId: user.id, token: await issueAccessToken(tx, user.id, now) };
    });
    return { access_token: token, token_type: 'Bearer', user: await buildSessionUser(ctx.db, userId) };
  } catch (err) {
    if (isUniqueViolation(err)) throw appError('validation_failed', { field: 'email', message: MSG.emailTaken });
    throw err;
  }
}
