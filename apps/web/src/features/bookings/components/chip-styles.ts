/**
 * A chip among a card's facts whose words wrap to a second line instead of being cut with an
 * ellipsis: on a 320 px screen "96% reliable · 24 visits" or "Not confirmed" is wider than the
 * room beside the avatar and the status, and a cut label loses what it says.
 */
export const WRAPPING_CHIP_SX = {
  height: 'auto',
  minHeight: 24,
  // A single word wider than the room (320 px) breaks rather than overflowing the card.
  '& .MuiChip-label': { whiteSpace: 'normal', overflowWrap: 'anywhere', py: 0.25 },
} as const;
