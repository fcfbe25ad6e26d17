import { useTheme } from '@mui/material/styles';

/** The sidebar's width from the `md` breakpoint (the shell keeps the room while the sidebar's code loads). */
export const DRAWER_WIDTH = 248;

/**
 * The media query (for `matchMedia`) of a screen wide enough for the sidebar to stand beside the page:
 * the theme's `md` breakpoint, where the drawers switch by CSS (nav-drawer.tsx).
 */
export function useSidebarBesidePageQuery(): string {
  return useTheme()
    .breakpoints.up('md')
    .replace(/^@media\s*/, '');
}
