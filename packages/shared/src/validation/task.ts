import { z } from 'zod';

import { LIMITS } from '../limits';
import { MSG } from '../messages';
import { isHttpUrl } from './fields';

/** The coverage a journalist may consider after the visit (the task's `propertyOption`). */
export const COVERAGE_OPTIONS = ['Feature article', 'Round-up mention', 'Social post', 'Not at this time'] as const;
export type CoverageOption = (typeof COVERAGE_OPTIONS)[number];

export const TASK_POST_TYPES = ['post', 'story'] as const;

/**
 * How a delivered link was checked, as the brand sees it: `network` when the network itself said
 * the post exists and is the user's (oEmbed); `format` when only its address was read and names the
 * user's own account (the offline rules, or the network not answering); null when neither.
 */
export const POST_CHECKS = ['network', 'format'] as const;
export type PostCheckKind = (typeof POST_CHECKS)[number];

/** A post link: an http(s) URL (spec section 5). Used by the task form and the route. */
export function postUrl() {
  return z
    .string({ error: () => MSG.invalidPostUrl })
    .trim()
    .min(1, MSG.invalidPostUrl)
    .max(LIMITS.url, MSG.invalidPostUrl)
    .refine(isHttpUrl, MSG.invalidPostUrl);
}

export const taskPostSchema = z.object({
  type: z.enum(TASK_POST_TYPES, { error: () => MSG.required }),
  link: postUrl(),
});
export type TaskPostInput = z.infer<typeof taskPostSchema>;

/** 1 / "1" / true / "true" and 0 / "0" / false / "false": the flags of the task calls. */
export const flag = z.preprocess(
  (v) => {
    if (v === 1 || v === '1' || v === true || v === 'true') return true;
    if (v === 0 || v === '0' || v === false || v === 'false') return false;
    return v;
  },
  z.boolean({ error: () => MSG.required }),
);

/** A rating 1 to 5 (spec section 9). */
export function rating(message: string = MSG.ratingRequired) {
  return z.coerce
    .number({ error: () => message })
    .int(message)
    .min(LIMITS.ratingMin, message)
    .max(LIMITS.ratingMax, message);
}

/** Upper bound of entries in `posts`: every required post and story once. */
export const MAX_TASK_POSTS = LIMITS.postsMax + LIMITS.storiesMax;

/** `posts` arrives as a JSON string (spec section 7); an array is accepted too. */
const postsField = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  },
  z.array(taskPostSchema, { error: () => MSG.taskPostsInvalid }).max(MAX_TASK_POSTS, MSG.taskPostsInvalid),
);

/** PUT influencers/{id}/tasks/{taskId}: posts plus the flags, `completed` must be set. */
export const influencerTaskCompletionSchema = z.object({
  posts: postsField,
  completed: flag.refine((v) => v, MSG.taskConfirmRequired),
  geolocalized: flag.default(false),
  hashtagged: flag.default(false),
  posted: flag.default(false),
  tagged: flag.default(false),
  rating: rating().optional(),
});
export type InfluencerTaskCompletionInput = z.input<typeof influencerTaskCompletionSchema>;

/** PUT journalist/{id}/tasks/{taskId}: a rating and a coverage option. */
export const journalistTaskCompletionSchema = z.object({
  rating: rating(),
  propertyOption: z.enum(COVERAGE_OPTIONS, { error: () => MSG.coverageRequired }),
});
export type JournalistTaskCompletionInput = z.input<typeof journalistTaskCompletionSchema>;

/** POST bookings/{id}/rate_experience: four ratings 1 to 5. */
export const rateExperienceSchema = z.object({
  rate_vibe: rating(),
  rate_food: rating(),
  rate_service: rating(),
  rate_general: rating(),
});
export type RateExperienceInput = z.input<typeof rateExperienceSchema>;

/** How many links of each type a task needs (the campaign's influencer instructions). */
export function requiredPostCounts(instructions: { posts_required: number; stories_required: number } | null) {
  return { posts: instructions?.posts_required ?? 0, stories: instructions?.stories_required ?? 0 };
}

/** The route's check that every required post and story has a link. */
export function missingPosts(
  posts: TaskPostInput[],
  instructions: { posts_required: number; stories_required: number } | null,
): boolean {
  const need = requiredPostCounts(instructions);
  const count = (t: 'post' | 'story') => posts.filter((p) => p.type === t).length;
  return count('post') < need.posts || count('story') < need.stories;
}

/**
 * The influencer's task form: one URL per required post, the stories checkbox when stories are
 * required, a rating and the completion checkbox (spec sections 4 and 5).
 */
export function influencerTaskFormSchema(storiesRequired: number) {
  return z.object({
    links: z.array(z.object({ url: postUrl() })),
    storiesPosted: storiesRequired > 0 ? z.literal(true, { error: () => MSG.required }) : z.boolean(),
    rating: rating(),
    confirmed: z.literal(true, { error: () => MSG.required }),
  });
}
export type InfluencerTaskFormValues = {
  links: { url: string }[];
  storiesPosted: boolean;
  rating: number | null;
  confirmed: boolean;
};

export const journalistTaskFormSchema = z.object({
  rating: rating(),
  propertyOption: z.enum(COVERAGE_OPTIONS, { error: () => MSG.coverageRequired }),
});
export type JournalistTaskFormValues = { rating: number | null; propertyOption: CoverageOption | '' };

/** The placeholder link sent for a required story (stories have no link to enter: they last 24 hours). */
export function storyPlaceholderLink(instagramHandle: string | null | undefined): string {
  const handle = (instagramHandle ?? '').replace(/^@/, '').trim();
  return handle
    ? `https://www.instagram.com/stories/${encodeURIComponent(handle)}/`
    : 'https://www.instagram.com/stories/';
}

/** 'Yes, I've posted the N required story/stories' (spec section 5). */
export function storiesCheckboxLabel(n: number): string {
  return `Yes, I've posted the ${n} required ${n === 1 ? 'story' : 'stories'}`;
}
