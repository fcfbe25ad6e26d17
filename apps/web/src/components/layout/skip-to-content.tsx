import { Box } from '@mui/material';

import { focusMainHeading } from '../route-focus';

/** First in the tab order: jumps past the sidebar to the page's heading (WCAG 2.4.1). */
export function SkipToContent() {
  return (
    <Box
      component="a"
      href="#main-content"
      onClick={(e: React.MouseEvent) => {
        e.preventDefault();
        if (!focusMainHeading()) document.getElementById('main-content')?.focus();
      }}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: (t) => t.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'primary.dark',
        fontWeight: 700,
        boxShadow: 3,
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      Skip to content
    </Box>
  );
}
