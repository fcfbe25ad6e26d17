/**
 * A brand's paths, apart from their fetchers (features/brand-profile/api/brand.ts, campaigns.ts)
 * because boot/early-reads.ts asks for the brand dashboard's reads before React runs: this file must
 * bring nothing into the entry.
 */
export const brandPath = (brandId: number) => `brands/${brandId}`;
export const brandCampaignsPath = (brandId: number) => `brands/${brandId}/campaigns`;
