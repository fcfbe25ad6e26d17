import LockIcon from '@mui/icons-material/Lock';
import { Button, CircularProgress } from '@mui/material';

/** Pay now: disabled while the form is incomplete or a payment is under way, with progress. */
export function PayButton({ disabled, submitting }: { disabled: boolean; submitting: boolean }) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      disabled={disabled || submitting}
      aria-busy={submitting}
      startIcon={
        submitting ? (
          <CircularProgress size={18} color="inherit" aria-label="Processing payment" />
        ) : (
          <LockIcon aria-hidden />
        )
      }
      sx={{ mt: 3, py: 1.4 }}
    >
      Pay now
    </Button>
  );
}
