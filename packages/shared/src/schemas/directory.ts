import { z } from 'zod';

import { MEDIA_TYPES } from '../roles';
import { TASK_POST_TYPES } from '../validation/task';
import { socialNetworkSchema } from './session';
import { contentRightsResourceSchema } from './usage-rights';
import { wireIdSchema } from './wire-id';

/** A creator's reliability on a directory card: `score` is the percent (null: no decided visit yet). */
export const creatorReliabilitySchema = z.object({
  score: z.int().nullable(),
  visits: z.int(),
});

/** GET brands/{id}/creators items (decisions.md round 3, "Creator directory and invitations"). */
export const creatorResourceSchema = z.object({
  id: wireIdSchema,
  name: z.string(),
  type: z.enum(MEDIA_TYPES),
  tier: z.int().nullable(),
  location: z.string().nullable(),
  profile_picture: z.string().nullable(),
  socialnetworks: z.array(socialNetworkSchema),
  reliability: creatorReliabilitySchema,
  /** Finished or checked-in visits of this creator at the asking brand. */
  visits_with_brand: z.int(),
});
export type CreatorResource = z.infer<typeof creatorResourceSchema>;

export const INVITATION_STATUSES = ['open', 'booked', 'declined'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];
/** An invitation that still counts: it makes its campaign visible past the tier and shows on it. */
export const LIVE_INVITATION_STATUSES = ['open', 'booked'] as const satisfies readonly InvitationStatus[];

/** GET influencers/{id}/invitations items. */
export const invitationResourceSchema = z.object({
  id: wireIdSchema,
  campaign: z.object({ id: wireIdSchema, name: z.string() }),
  brand: z.object({ id: wireIdSchema, name: z.string(), logo: z.string().nullable() }),
  note: z.string().nullable(),
  status: z.enum(INVITATION_STATUSES),
  created_at: z.string(),
});
export type InvitationResource = z.infer<typeof invitationResourceSchema>;

/** POST campaigns/{id}/invitations answer: the invitations made. */
export const createdInvitationSchema = z.object({
  id: wireIdSchema,
  user_id: wireIdSchema,
  campaign_id: wireIdSchema,
  status: z.enum(INVITATION_STATUSES),
  created_at: z.string(),
});

/** GET brands/{id}/content items (decisions.md round 3, "Content library"), plus the rights. */
export const contentItemResourceSchema = z.object({
  id: wireIdSchema,
  type: z.enum(TASK_POST_TYPES),
  network: z.string(),
  url: z.string(),
  checked: z.boolean(),
  creator: z.object({ id: wireIdSchema, name: z.string() }),
  campaign: z.object({ id: wireIdSchema, name: z.string() }),
  booking_id: wireIdSchema,
  delivered_at: z.string(),
  favourite: z.boolean(),
  /** The usage rights granted with the campaign at delivery; null when the campaign said none. */
  rights: contentRightsResourceSchema.nullable(),
});
export type ContentItemResource = z.infer<typeof contentItemResourceSchema>;
