import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { List, ListItem, ListItemIcon, ListItemText } from '@mui/material';

/** The plan's features as a checked list. */
export function PlanFeatures({ features }: { features: string[] }) {
  return (
    <List dense aria-label="Plan features" disablePadding>
      {features.map((f) => (
        <ListItem key={f} disableGutters>
          <ListItemIcon sx={{ minWidth: 32 }}>
            <CheckCircleIcon color="success" fontSize="small" aria-hidden />
          </ListItemIcon>
          <ListItemText primary={f} />
        </ListItem>
      ))}
    </List>
  );
}
