import { z } from 'zod';

import { LIMITS } from '../limits';
import { MSG } from '../messages';
import { requiredPhone, requiredText, requiredZip, socialHandle } from './fields';

const GENERAL_RULES = {
  name: requiredText(LIMITS.name),
  description: requiredText(LIMITS.brandDescription),
  address: requiredText(LIMITS.streetAddress),
  zip: requiredZip(),
  phones: requiredPhone(),
};

/** PATCH brands/{id} and the /profile/edit form: the brand's general info (spec section 5). */
export const brandGeneralSchema = z.object(GENERAL_RULES);
export type BrandGeneralInput = z.input<typeof brandGeneralSchema>;

/** Kinds of venue a brand may call itself (brandType); free text is refused. */
export const BRAND_TYPES = ['Restaurant', 'Bar', 'Cafe', 'Hotel', 'Venue', 'Bakery', 'Other'] as const;

/** One rule per field that `PUT brands/{id}/field` may set. */
export const BRAND_FIELD_RULES = {
  ...GENERAL_RULES,
  brandType: z.enum(BRAND_TYPES, { error: () => MSG.required }),
} as const;
export type BrandField = keyof typeof BRAND_FIELD_RULES;
export const BRAND_FIELDS = Object.keys(BRAND_FIELD_RULES) as BrandField[];
/** Fields `DELETE brands/{id}/field` may clear (the others are required). */
export const CLEARABLE_BRAND_FIELDS = ['brandType', 'logo'] as const;
export type ClearableBrandField = (typeof CLEARABLE_BRAND_FIELDS)[number];

export const brandFieldSchema = z
  .object({
    field: z.enum(BRAND_FIELDS as [BrandField, ...BrandField[]], { error: () => MSG.fieldNotEditable }),
    value: z.unknown(),
  })
  .transform((input, ctx) => {
    const parsed = BRAND_FIELD_RULES[input.field].safeParse(input.value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: 'custom', path: ['value'], message: issue.message });
      return z.NEVER;
    }
    return { field: input.field, value: parsed.data as string };
  });

export const brandFieldClearSchema = z.object({
  field: z.enum(CLEARABLE_BRAND_FIELDS, { error: () => MSG.fieldNotEditable }),
});

/** Social networks a brand can link (spec section 3: name and handle). */
export const BRAND_SOCIAL_NETWORKS = ['instagram', 'twitter', 'tiktok', 'facebook'] as const;
export type BrandSocialNetworkName = (typeof BRAND_SOCIAL_NETWORKS)[number];

/** A brand's social handle, kept without a leading "@" ('' means none). */
export const brandHandleSchema = socialHandle();

/** PUT brands/socialnetworks/{id}: replaces the brand's links; an empty handle removes one. */
export const brandSocialNetworksSchema = z.object({
  socialnetworks: z
    .array(
      z.object({
        name: z.enum(BRAND_SOCIAL_NETWORKS, { error: () => MSG.required }),
        handle: brandHandleSchema,
      }),
    )
    .max(BRAND_SOCIAL_NETWORKS.length)
    .refine((list) => new Set(list.map((s) => s.name)).size === list.length, 'Each network can appear only once.'),
});
export type BrandSocialNetworksInput = z.input<typeof brandSocialNetworksSchema>;

/** The menu form: a name (the file is checked by content on the server). */
export const menuNameSchema = requiredText(LIMITS.menuName);
export const menuUploadSchema = z.object({ name: menuNameSchema });

export const menuDeleteSchema = z.object({ path: requiredText(500) });
