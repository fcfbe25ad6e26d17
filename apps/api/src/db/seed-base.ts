import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

import type { AppContext } from '../context';
import { printToTerminal } from '../lib/logger';
import { hashPassword } from '../lib/passwords';
import { newTemporaryPassword } from '../lib/tokens';
import { plans, users } from './schema';

export const BRAND_PLAN = {
  title: 'Brand Plan',
  priceCents: 14900,
  introPriceCents: 9900,
  introMonths: 3,
  features: ['1 brand', 'Up to 3 unique locations', 'Unlimited campaigns and bookings', 'Onboarding support'],
  allowedLocations: 3,
  allowedBrands: 1,
};

/**
 * What every installation needs, created at start when missing: the plan and the first staff
 * account (decisions.md). Safe to run on every start and on several nodes at once. `staff: false`
 * leaves the staff account to the server's first start (`seed:demo`: nobody would see a password
 * generated there, and STAFF_EMAIL/STAFF_PASSWORD given to `npm start` would then be ignored).
 */
export async function seedBase(ctx: AppContext, log: FastifyBaseLogger, opts: { staff?: boolean } = {}): Promise<void> {
  const existingPlans = await ctx.db.select({ id: plans.id }).from(plans).limit(1);
  if (existingPlans.length === 0) await ctx.db.insert(plans).values(BRAND_PLAN);
  if (opts.staff === false) return;

  const [staff] = await ctx.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.role, 'staff'))
    .orderBy(users.id)
    .limit(1);
  if (staff) {
    // Said at every start, so STAFF_EMAIL/STAFF_PASSWORD set after the first one are not a mystery.
    const given = [ctx.config.staffEmail && 'STAFF_EMAIL', ctx.config.staffPassword && 'STAFF_PASSWORD'].filter(
      (v): v is string => Boolean(v),
    );
    const note = given.length
      ? `; ${given.join(' and ')} only create the first staff account and are not applied to it`
      : '';
    const message = `A staff account already exists (${staff.email})${note}. To get in, sign in as ${staff.email} or use "Forgot your password?" with it.`;
    if (ctx.config.staffEmail && ctx.config.staffEmail !== staff.email) log.warn(message);
    else log.info(message);
    return;
  }
  const email = ctx.config.staffEmail ?? 'staff@comped.local';
  const generated = !ctx.config.staffPassword;
  const password = ctx.config.staffPassword ?? newTemporaryPassword();
  const inserted = await ctx.db
    .insert(users)
    .values({ name: 'Comped Staff', email, role: 'staff', passwordHash: await hashPassword(password) })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (inserted.length > 0 && generated && ctx.config.env !== 'test') {
    // Shown once, at the start that created the account, on the terminal only: it is stored only
    // as a hash and never written to the log stream.
    const shown = printToTerminal(
      `\n  Staff console: ${ctx.config.publicUrl}/admin\n  Staff e-mail:    ${email}\n  Staff password:  ${password}\n  (shown once)\n\n`,
    );
    if (shown) log.info(`Staff account ${email} created; its password was shown once on the terminal`);
    else
      log.warn(
        `Staff account ${email} created with a generated password that is not shown (no terminal attached): set STAFF_PASSWORD before the first start, or use "Forgot your password?" with that address`,
      );
  }
}
