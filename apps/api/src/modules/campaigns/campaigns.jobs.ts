import type { AppContext } from '../../context';

// Placeholder: this feature's scheduled jobs are added by its feature work.
export function registerCampaignJobs(_ctx: AppContext): void {}
