import { MSG } from '@comped/shared/messages';
import type { BookingResource } from '@comped/shared/schemas/resources';
import { Button } from '@mui/material';

import { StatusPill } from '../../../components/plain/status-pill';
import { ApiError } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import { useConfirmVisit } from '../api/confirm-visit';

/** What a refused or failed visit answer says: the API's words for a 4xx, else the generic line. */
export const errorText = (err: unknown) =>
  err instanceof ApiError && err.status < 500 ? err.message : MSG.somethingWrong;

/** Media side: "I'm coming" with one tap, from 24 hours before an accepted visit (issue 30). */
export function ConfirmVisitButton({ booking, userId }: { booking: BookingResource; userId: number }) {
  const confirm = useConfirmVisit(userId);
  const snackbar = useSnackbar();
  if (booking.confirmed_at) {
    return <StatusPill size="medium" color="success" label="You confirmed you're coming" />;
  }
  if (!booking.can_confirm) return null;
  return (
    <Button
      variant="contained"
      color="success"
      disabled={confirm.isPending}
      onClick={() =>
        confirm.mutate(booking.id, {
          onSuccess: () => snackbar('Thanks! The venue knows you are coming.'),
          onError: (err) => snackbar(errorText(err), 'error'),
        })
      }
    >
      Confirm I&apos;m coming
    </Button>
  );
}
