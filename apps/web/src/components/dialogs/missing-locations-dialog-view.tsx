import { MSG } from '@comped/shared/messages';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useNavigate } from 'react-router';

import { paths } from '../../config/paths';

/** A brand with no location cannot create a campaign (spec section 5): this leads to the location page. */
export function MissingLocationsDialogView({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="missing-locations-title">
      <DialogTitle id="missing-locations-title">{MSG.missingLocationsTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Add at least one location before you create a campaign: media users book their visit at one of your locations.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => navigate(paths.profileLocationNew.getHref())}>
          Add a location
        </Button>
      </DialogActions>
    </Dialog>
  );
}
