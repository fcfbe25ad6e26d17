import type { Role } from '../roles';
import type { SubscriptionStatus } from '../statuses';

/** `GET profile` (decisions.md, Response shapes): the signed-in user the web app keeps. */
export interface SocialNetwork {
  name: 'instagram' | 'twitter' | 'tiktok' | string;
  handle: string;
}

export interface SessionUser {
  id: number;
  name: string;
  email: string;
  profile_picture: string | null;
  must_change_password: boolean;
  profile: {
    type: Role;
    /** The media user's tier (1-4); null for brands and staff. */
    tier_range: number | null;
    bio: string | null;
    location: string | null;
    workplace: string | null;
    socialnetworks: SocialNetwork[];
    brands: { id: number; name: string; logo: string | null }[];
  };
  current_subscription: { plan_id: number; status: SubscriptionStatus } | null;
  status: SubscriptionStatus;
}

export interface LoginResponse {
  access_token: string;
  token_type: 'Bearer';
  user: SessionUser;
}
