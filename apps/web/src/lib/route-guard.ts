import type { SessionUser } from '@comped/shared/schemas/session';
import { paths } from '../config/paths';

/** Where a user lands after sign-in, or when sent away from a page (spec section 4). */
export function homeRoute(user: SessionUser): string {
  if (user.must_change_password) return paths.passwordChange;
  switch (user.profile.type) {
    case 'staff':
      return paths.admin;
    case 'brands':
      return hasActivePlan(user) ? paths.campaigns : paths.plans;
    default:
      return paths.campaigns;
  }
}

export function hasActivePlan(user: SessionUser): boolean {
  return user.status === 'active' && !!user.current_subscription;
}

const PUBLIC_ONLY: string[] = [paths.login, paths.signup, paths.passwordReset];
const PUBLIC_MEDIA_PROFILE = /^\/profile\/\d+$/;
/** The page that completes a payment waiting for 3-D Secure (a renewal's mailed link): with or without a plan. */
const PLANS_CONFIRM = /^\/plans\/confirm\/[^/]+$/;
const BRAND_WITHOUT_PLAN: string[] = [paths.plans, paths.plansPayment, paths.settings, paths.passwordChange];

function under(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/**
 * The route guards of spec sections 2, 4 and 6, as one pure function: the path to redirect to, or
 * null when the user may stay. Unknown paths are handled by the router (to /login).
 */
export function guardRedirect(pathname: string, user: SessionUser | null): string | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (PUBLIC_ONLY.includes(path)) return user ? homeRoute(user) : null;
  if (!user) return paths.login;
  if (user.must_change_password) return path === paths.passwordChange ? null : paths.passwordChange;

  const role = user.profile.type;
  if (role === 'staff') {
    return under(path, paths.admin) || under(path, paths.settings) ? null : paths.admin;
  }
  if (under(path, paths.admin)) return homeRoute(user);

  if (role === 'brands') {
    const planned = hasActivePlan(user);
    if (PLANS_CONFIRM.test(path)) return null;
    // The public profile of a media user is shown without the plan guard (spec section 2).
    if (!planned) return BRAND_WITHOUT_PLAN.includes(path) || PUBLIC_MEDIA_PROFILE.test(path) ? null : paths.plans;
    if (path === paths.plans || path === paths.plansPayment) return paths.profile;
    if (under(path, paths.tasks)) return paths.campaigns;
    if (/^\/campaigns\/[^/]+\/book$/.test(path)) return paths.campaigns;
    return null;
  }

  // Influencers and journalists.
  if (under(path, paths.insights)) return paths.campaigns;
  if (under(path, '/create') || under(path, '/edit') || under(path, paths.plans)) return paths.campaigns;
  if (under(path, '/myclients') || under(path, '/mybrands')) return paths.campaigns;
  if (path === paths.profileEdit || under(path, paths.profileLocationNew) || path === paths.profileMenus)
    return paths.profile;
  return null;
}
