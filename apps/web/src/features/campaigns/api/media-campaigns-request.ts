/**
 * The path of a media user's campaigns (GET influencers/{id}/campaigns), apart from its fetcher
 * (get-media-campaigns.ts) because boot/early-campaigns.ts asks for the first page before React
 * runs: this file must bring nothing into the entry.
 */
export const mediaCampaignsPath = (userId: number) => `influencers/${userId}/campaigns`;
