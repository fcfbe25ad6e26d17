import { Drawer } from '@mui/material';
import type { ReactNode } from 'react';

/** The sidebar on a phone: a modal drawer behind "Open menu" (nav-drawer.tsx). */
export function ModalNavDrawer({
  open,
  onClose,
  paper,
  children,
}: {
  open: boolean;
  onClose: () => void;
  paper: { width: number; border: number };
  children: ReactNode;
}) {
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      // A modal dialog: it needs a name (axe aria-dialog-name).
      slotProps={{ paper: { 'aria-label': 'Menu', sx: paper } }}
    >
      {children}
    </Drawer>
  );
}
