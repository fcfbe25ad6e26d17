import TuneIcon from '@mui/icons-material/Tune';
import type { SxProps, Theme } from '@mui/material';
import { Button } from '@mui/material';

/**
 * The phone's button that folds a list's filters: `label` and the number of them set ("Filters
 * (2)"), `aria-expanded` and the panel it controls. It stays pressed open (disabled) while a field
 * in the panel has an error to show. Made of the entry's Button, so /campaigns paints without `mui`.
 */
export function FiltersToggle({
  label,
  active,
  open,
  panelId,
  locked,
  onToggle,
  sx,
}: {
  label: string;
  active: number;
  open: boolean;
  panelId: string;
  locked: boolean;
  onToggle: () => void;
  sx?: SxProps<Theme>;
}) {
  return (
    <Button
      variant="outlined"
      startIcon={<TuneIcon />}
      aria-expanded={open}
      aria-controls={panelId}
      disabled={locked}
      onClick={onToggle}
      sx={sx}
    >
      {active > 0 ? `${label} (${active})` : label}
    </Button>
  );
}
