import type { BrandRole } from '@comped/shared/roles';
import type { SessionUser } from '@comped/shared/schemas/session';

import { pageOf } from '../boot/page-of-path';
import type { PageAccess, PageName } from '../config/paths';
import { paths } from '../config/paths';

/** Where a user lands after sign-in, or when sent away from a page (spec section 4). */
export function homeRoute(user: SessionUser): string {
  if (user.must_change_password) return paths.passwordChange.getHref();
  switch (user.profile.type) {
    case 'staff':
      return paths.admin.getHref();
    case 'brands':
      if (!hasActivePlan(user)) return paths.plans.getHref();
      // A host works at the door (brand teams).
      return user.profile.brand_role === 'host' ? paths.door.getHref() : paths.campaigns.getHref();
    default:
      return paths.campaigns.getHref();
  }
}

/** A brand-side user's team role (brand teams): an older session without one is the owner's. */
export function brandRoleOf(user: SessionUser): BrandRole {
  return user.profile.brand_role ?? 'owner';
}

/** Whether a brand-side user's role may do what `roles` may (the web hides the rest; the API refuses it). */
export function brandMay(user: SessionUser, roles: readonly BrandRole[]): boolean {
  return user.profile.type === 'brands' && roles.includes(brandRoleOf(user));
}

export function hasActivePlan(user: SessionUser): boolean {
  return user.status === 'active' && !!user.current_subscription;
}

/**
 * The route guard of spec sections 2, 4 and 6 for one page, from its `access` in config/paths.ts:
 * the path to send `user` to, or null when they may stay.
 */
export function pageRedirect(name: PageName, user: SessionUser | null): string | null {
  const access: PageAccess = paths[name].access;
  if (access === 'anyone') return null;
  if (access === 'guest') return user ? homeRoute(user) : null;
  if (!user) return paths.login.getHref();
  // A temporary or initial password: nothing but the password form until it is changed.
  if (user.must_change_password) return name === 'passwordChange' ? null : paths.passwordChange.getHref();
  const role = user.profile.type;
  if (!access.roles.includes(role)) {
    const elsewhere = access.otherwise && pageOf(access.otherwise);
    return elsewhere && pageRedirect(elsewhere, user) === null ? access.otherwise! : homeRoute(user);
  }
  if (role === 'brands' && access.brandRoles && !access.brandRoles.includes(brandRoleOf(user))) {
    const elsewhere = access.otherwise && pageOf(access.otherwise);
    return elsewhere && pageRedirect(elsewhere, user) === null ? access.otherwise! : homeRoute(user);
  }
  if (role === 'brands' && access.plan) {
    const planned = hasActivePlan(user);
    if (access.plan === 'required' && !planned) return paths.plans.getHref();
    if (access.plan === 'none' && planned) return paths.profile.getHref();
  }
  return null;
}

/**
 * `pageRedirect` for the page at `pathname`; null for a path the router does not know (it sends those
 * to /login). A visitor sent to /login from a signed-in page (a link in a mail, say) takes the page
 * along as `next`, to come back to once signed in.
 */
export function guardRedirect(pathname: string, user: SessionUser | null, search = ''): string | null {
  const name = pageOf(pathname);
  if (!name) return null;
  const target = pageRedirect(name, user);
  if (!user && target === paths.login.getHref()) return `${target}?next=${encodeURIComponent(pathname + search)}`;
  // Signed in on /login?next=...: on to that page, as the form itself goes.
  const next =
    user && target !== null && paths[name].access === 'guest' ? new URLSearchParams(search).get('next') : null;
  return next ? afterSignIn(user!, next) : target;
}

/**
 * Where a user goes once signed in: the `next` page they were sent away from, when it is a page of
 * this app they may open, else their home route. Anything else (another site, an unknown path) is
 * ignored.
 */
export function afterSignIn(user: SessionUser, next: string | null): string {
  if (next?.startsWith('/')) {
    const base = 'https://comped.invalid';
    const url = new URL(next, base);
    const name = url.origin === base ? pageOf(url.pathname) : null;
    if (name && typeof paths[name].access !== 'string' && pageRedirect(name, user) === null)
      return url.pathname + url.search;
  }
  return homeRoute(user);
}
