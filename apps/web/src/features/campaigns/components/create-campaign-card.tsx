import { CAMPAIGN_KINDS, KIND_LABEL } from '@comped/shared/campaign-kinds';
import AddIcon from '@mui/icons-material/Add';
import { Button, Card, CardContent, CircularProgress, Menu, MenuItem, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';

import { locationsQueryOptions } from '../../../api/locations';
import { MissingLocationsDialog } from '../../../components/dialogs/missing-locations-dialog';
import { paths } from '../../../config/paths';

const KIND_HINT = {
  generalupdates: 'A new menu, a promotion or any update',
  opening: 'A new place or a reopening',
  singledayevent: 'One date, with start and end times',
} as const;

/** The first tile of a brand's list: pick a kind, or learn that a location is needed first. */
export function CreateCampaignCard() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [checking, setChecking] = useState(false);
  const [missing, setMissing] = useState(false);

  async function start(button: HTMLElement) {
    if (checking) return;
    setChecking(true);
    const locations = await queryClient.fetchQuery(locationsQueryOptions()).catch(() => null);
    setChecking(false);
    // When the check itself fails, the wizard still refuses a campaign without a location.
    if (locations && locations.length === 0) setMissing(true);
    else setAnchor(button);
  }

  return (
    <Card
      variant="outlined"
      sx={{
        height: '100%',
        minHeight: 220,
        display: 'flex',
        borderStyle: 'dashed',
        borderWidth: 2,
        bgcolor: 'transparent',
      }}
    >
      <CardContent
        sx={{
          flex: 1,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 1.5,
        }}
      >
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, textAlign: 'center' }}>
          New campaign
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center' }}>
          Offer a complimentary experience to influencers and journalists.
        </Typography>
        <Button
          variant="contained"
          // Not `loading`: that disables the button, focus falls to <body>, and the menu or dialog that
          // opens next has no opener to give focus back to (WCAG 2.4.3). It stays focusable and busy.
          startIcon={checking ? <CircularProgress size={18} color="inherit" aria-hidden /> : <AddIcon />}
          onClick={(e) => void start(e.currentTarget)}
          aria-busy={checking || undefined}
          aria-haspopup="menu"
          aria-expanded={anchor ? true : undefined}
          aria-controls={anchor ? 'create-campaign-menu' : undefined}
          id="create-campaign-button"
        >
          Create a campaign
        </Button>
        <Menu
          id="create-campaign-menu"
          anchorEl={anchor}
          open={!!anchor}
          onClose={() => setAnchor(null)}
          slotProps={{ list: { 'aria-labelledby': 'create-campaign-button' } }}
        >
          {CAMPAIGN_KINDS.map((kind) => (
            <MenuItem key={kind} onClick={() => navigate(paths.create.getHref(kind))} sx={{ display: 'block', py: 1 }}>
              <Typography sx={{ fontWeight: 600 }}>{KIND_LABEL[kind]}</Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {KIND_HINT[kind]}
              </Typography>
            </MenuItem>
          ))}
        </Menu>
        <MissingLocationsDialog open={missing} onClose={() => setMissing(false)} />
      </CardContent>
    </Card>
  );
}
