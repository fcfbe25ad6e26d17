/**
 * `sx` that hides an element from sight but keeps it for screen readers (live regions, labels). The
 * sizes are strings: in `sx` a number up to 1 is a fraction, and `width: 1` made each of these a
 * clipped box as large as the page, which stretched every signed-in page by a screen of blank scroll.
 */
export const visuallyHiddenSx = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  p: 0,
  m: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
