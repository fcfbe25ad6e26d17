import type { ButtonBaseProps } from '@mui/material';
import { ButtonBase } from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { alpha } from '@mui/material/styles';

/**
 * The look of MUI's `<IconButton>` (round, 8px padding, the action colour, a hover tint) on
 * ButtonBase, which every page already has: IconButton itself lives in the shared `mui` chunk, and
 * the sign-in form and the signed-in shell paint without that chunk (docs/performance.md, "The first card").
 * `edge` pulls the button to the toolbar's or the field's edge, as IconButton's does.
 */
export function RoundIconButton({ edge, sx, ...props }: ButtonBaseProps & { edge?: 'start' | 'end' }) {
  return (
    <ButtonBase
      centerRipple
      focusRipple
      {...props}
      sx={[
        {
          flex: '0 0 auto',
          fontSize: (t: Theme) => t.typography.pxToRem(24),
          p: 1,
          ml: edge === 'start' ? -1.5 : undefined,
          mr: edge === 'end' ? -1.5 : undefined,
          borderRadius: '50%',
          color: 'action.active',
          transition: (t: Theme) =>
            t.transitions.create('background-color', { duration: t.transitions.duration.shortest }),
          '&:hover': {
            bgcolor: (t: Theme) => alpha(t.palette.action.active, t.palette.action.hoverOpacity),
            '@media (hover: none)': { bgcolor: 'transparent' },
          },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
