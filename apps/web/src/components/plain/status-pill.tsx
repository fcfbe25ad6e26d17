import { Box } from '@mui/material';

/**
 * A label in a pill, with MUI's Chip look (filled grey, or outlined in green for `success`), from the
 * entry's parts: Chip is in the shared `mui` chunk, which a page's first paint should not wait for.
 */
export function StatusPill({
  label,
  size = 'small',
  color,
}: {
  label: string;
  size?: 'small' | 'medium';
  color?: 'success';
}) {
  const small = size === 'small';
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        flexShrink: 0,
        height: small ? 24 : 32,
        px: small ? 1 : 1.5,
        borderRadius: 4,
        fontSize: '0.8125rem',
        whiteSpace: 'nowrap',
        ...(color === 'success'
          ? { border: 1, borderColor: 'success.main', color: 'success.main' }
          : { bgcolor: 'action.selected', color: 'text.primary' }),
      }}
    >
      {label}
    </Box>
  );
}
