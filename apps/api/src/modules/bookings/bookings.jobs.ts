import type { AppContext } from '../../context';

// Placeholder: this feature's scheduled jobs are added by its feature work.
export function registerBookingJobs(_ctx: AppContext): void {}
