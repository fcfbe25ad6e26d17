/**
 * The signed-in user as `GET profile`, `POST login` and `POST registerbrand` answer it (decisions.md,
 * Response shapes). Zod schemas rather than bare interfaces so the API can declare them as response
 * schemas (what is not listed here is stripped from the reply) and the web app can parse the answer;
 * the types are inferred from them so the two can never disagree.
 */
import { z } from 'zod';

import { BRAND_ROLES, ROLES } from '../roles';
import { SUBSCRIPTION_STATUSES } from '../statuses';

export const socialNetworkSchema = z.object({
  /**
   * `instagram`, `twitter` or `tiktok` today. A plain string on the wire, not an enum, so a client
   * still parses a profile after the server learns a new network.
   */
  name: z.string(),
  handle: z.string(),
});
export type SocialNetwork = z.infer<typeof socialNetworkSchema>;

/** A brand the signed-in owner has, as the navigation shows it. */
export const sessionBrandSchema = z.object({
  id: z.int(),
  name: z.string(),
  logo: z.string().nullable(),
});

export const sessionProfileSchema = z.object({
  type: z.enum(ROLES),
  /** The media user's tier (1-4); null for brands and staff. */
  tier_range: z.int().nullable(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  workplace: z.string().nullable(),
  socialnetworks: z.array(socialNetworkSchema),
  /** The brands the user owns (empty for media users and staff). */
  brands: z.array(sessionBrandSchema),
  /** A brand-side user's role in the brand's team (brand teams); absent for media users and staff. */
  brand_role: z.enum(BRAND_ROLES).optional(),
  /** A host's locations (the bookings they see and answer); absent for owners and managers. */
  location_ids: z.array(z.int()).optional(),
});

export const sessionUserSchema = z.object({
  id: z.int(),
  name: z.string(),
  email: z.string(),
  profile_picture: z.string().nullable(),
  /** Signed in with a temporary or initial password: the app sends the user to Settings first. */
  must_change_password: z.boolean(),
  profile: sessionProfileSchema,
  /** Null while the user never subscribed. */
  current_subscription: z.object({ plan_id: z.int(), status: z.enum(SUBSCRIPTION_STATUSES) }).nullable(),
  /** The subscription's status, `inexistent` without one. */
  status: z.enum(SUBSCRIPTION_STATUSES),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** `POST login` and `POST registerbrand`: the bearer token and the user it signs in. */
export const loginResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  user: sessionUserSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;
