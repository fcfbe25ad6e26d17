/**
 * A brand's and a media user's /dashboard: two chunks, which routes/dashboard.tsx picks between
 * and route-modules.ts starts beside the page (the media one uses the shared `mui` chunk, the brand's
 * paints without it).
 */
export const loadBrandDashboard = () => import('./routes/dashboard-brand').then((m) => m.BrandDashboardRoute);
export const loadMediaDashboard = () => import('./routes/dashboard-media').then((m) => m.MediaDashboardRoute);
