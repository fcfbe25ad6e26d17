import { Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useEffect } from 'react';

/** The page's heading, also set as the document title (screen readers announce it). */
export function PageTitle({ children, title }: { children: ReactNode; title?: string }) {
  useEffect(() => {
    const text = title ?? (typeof children === 'string' ? children : undefined);
    if (text) document.title = `${text} · Comped`;
  }, [children, title]);
  return (
    <Typography variant="h4" component="h1" sx={{ mb: 3, fontWeight: 700 }}>
      {children}
    </Typography>
  );
}
