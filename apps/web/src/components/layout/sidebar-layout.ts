/** The sidebar's width from the `md` breakpoint (the shell keeps the room while the sidebar's code loads). */
export const DRAWER_WIDTH = 248;
