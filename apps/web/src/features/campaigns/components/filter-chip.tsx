import { ButtonBase } from '@mui/material';
import type { Theme } from '@mui/material/styles';

interface FilterChipProps {
  label: string;
  /** Filled in the primary colour when on, outlined when off; `aria-pressed` says which. */
  on: boolean;
  onClick: () => void;
}

/**
 * A toggle with the look of MUI's clickable Chip (32px high, round ends, outlined or filled primary)
 * on ButtonBase: Chip lives in the shared `mui` chunk, which the discovery page paints without
 * (docs/performance.md, "The first card").
 */
export function FilterChip({ label, on, onClick }: FilterChipProps) {
  return (
    <ButtonBase
      focusRipple
      aria-pressed={on}
      onClick={onClick}
      sx={{
        height: 32,
        borderRadius: 4,
        px: on ? 1.5 : 'calc(12px - 1px)',
        fontSize: (t: Theme) => t.typography.pxToRem(13),
        fontFamily: 'inherit',
        whiteSpace: 'nowrap',
        transition: (t: Theme) =>
          t.transitions.create(['background-color', 'box-shadow'], { duration: t.transitions.duration.shortest }),
        ...(on
          ? { bgcolor: 'primary.main', color: 'primary.contrastText', '&:hover': { bgcolor: 'primary.dark' } }
          : {
              border: 1,
              borderColor: 'grey.400',
              color: 'text.primary',
              '&:hover': { bgcolor: 'action.hover' },
            }),
      }}
    >
      {label}
    </ButtonBase>
  );
}
