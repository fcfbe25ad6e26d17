import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
} from '@mui/material';
import { useId } from 'react';
import { useNavigate } from 'react-router';

import { paths } from '../../../config/paths';

const KINDS = [
  {
    type: 'generalupdates',
    title: 'General Updates',
    text: 'A new dish, a menu refresh, a promotion: invite media users to try it.',
  },
  { type: 'opening', title: 'Opening', text: 'A new place or a reopening, from its opening date.' },
  { type: 'singledayevent', title: 'Single-Day Event', text: 'One date, with fixed start and end times.' },
] as const;

/** Create campaign on the dashboard: which of the three kinds, each opening the wizard. */
export function CampaignKindDialogView({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const title = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={title} fullWidth maxWidth="sm">
      <DialogTitle id={title}>What kind of campaign?</DialogTitle>
      <DialogContent>
        <List>
          {KINDS.map((k) => (
            <ListItem key={k.type} disablePadding>
              <ListItemButton onClick={() => navigate(paths.create.getHref(k.type))}>
                <ListItemText primary={k.title} secondary={k.text} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Box sx={{ flex: 1 }} />
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}
