/**
 * The days of brand insights (decisions.md "Beyond the specification"), apart from the zod schemas
 * (schemas/insights.ts) so the web app's start-up can read them without loading zod.
 */

/** /insights and `GET brands/{id}/insights` without `from`: the last 90 days. */
export const INSIGHTS_DEFAULT_DAYS = 90;
/** The brand dashboard's headline: the last 30 days. */
export const INSIGHTS_DASHBOARD_DAYS = 30;
/** The longest range one request may cover (two years, inclusive). */
export const INSIGHTS_MAX_DAYS = 731;
