import type { MediaProfileResource } from '@comped/shared/schemas/resources';
import { FormControlLabel, FormHelperText, Paper, Switch, Typography } from '@mui/material';

import { errorMessage } from '../../../lib/form-errors';
import { useSnackbar } from '../../../lib/snackbar';
import { useUpdateMediaProfile } from '../api/update-media-profile';

/**
 * "Show me in the creator directory" (issue 28): saved as soon as it is switched, and it takes
 * effect at once (a brand's next directory page no longer shows an unlisted user).
 */
export function DirectoryListingSwitch({ profile }: { profile: MediaProfileResource }) {
  const update = useUpdateMediaProfile(profile.id);
  const snackbar = useSnackbar();
  const listed = profile.directory_listed ?? true;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Creator directory
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={listed}
            disabled={update.isPending}
            onChange={(e) =>
              update.mutate(
                {
                  name: profile.name,
                  ...(profile.type === 'journalist' ? { workplace: profile.workplace ?? '' } : {}),
                  directory_listed: e.target.checked,
                },
                {
                  onSuccess: (saved) =>
                    snackbar(
                      saved.directory_listed
                        ? 'Venues can find you in the creator directory.'
                        : 'You are no longer shown in the creator directory.',
                    ),
                  onError: (err) => snackbar(errorMessage(err, 'Please try again.'), 'error'),
                },
              )
            }
          />
        }
        label="Show me in the creator directory"
      />
      <FormHelperText>Venues with a plan can find you there and invite you to their campaigns.</FormHelperText>
    </Paper>
  );
}
